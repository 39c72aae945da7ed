// Colours of the canvas per theme; overlapping shapes use the warning colour. Both themes keep
// the same hues for shapes, overlaps and contacts so a state reads the same in either.
import { useEditorState } from "../editor/react";
import type { ThemeName } from "../editor/state";

const DARK = {
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
  label: "#f3f4f6",
  labelHalo: "rgba(17, 18, 22, 0.85)",
} as const;

export type CanvasTheme = { readonly [K in keyof typeof DARK]: string };

const LIGHT: CanvasTheme = {
  background: "#f7f8fa",
  grid: "#e6e8ed",
  gridMajor: "#d2d6de",
  fill: "rgba(37, 99, 235, 0.20)",
  stroke: "#2563eb",
  overlapFill: "rgba(239, 68, 68, 0.35)",
  overlapStroke: "#dc2626",
  selected: "#ea580c",
  preview: "rgba(15, 23, 42, 0.55)",
  contact: "#f5b120",
  ray: "#059669",
  rayMiss: "rgba(5, 150, 105, 0.35)",
  sweep: "#9333ea",
  sweepFill: "rgba(147, 51, 234, 0.12)",
  hit: "#db2777",
  label: "#111827",
  labelHalo: "rgba(255, 255, 255, 0.9)",
};

export const canvasTheme = (name: ThemeName): CanvasTheme => (name === "light" ? LIGHT : DARK);

/** The canvas colours of the store's theme; components that draw re-render when it changes. */
export const useCanvasTheme = (): CanvasTheme => canvasTheme(useEditorState((s) => s.theme));

/** The dark theme's colours, for code that draws outside React; prefer useCanvasTheme(). */
export const THEME: CanvasTheme = DARK;
