// Colours of the canvas; overlapping shapes use the warning colour.
export const THEME = {
  background: "#1e1f24",
  grid: "#2a2c33",
  gridMajor: "#353842",
  fill: "rgba(96, 165, 250, 0.30)",
  stroke: "#60a5fa",
  overlapFill: "rgba(248, 113, 113, 0.45)",
  overlapStroke: "#ef4444",
  selected: "#fde047",
  preview: "rgba(255, 255, 255, 0.55)",
  contact: "#fbbf24",
} as const;
