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
  ray: "#34d399",
  rayMiss: "rgba(52, 211, 153, 0.35)",
  sweep: "#c084fc",
  sweepFill: "rgba(192, 132, 252, 0.16)",
  hit: "#f472b6",
} as const;
