// Colours of the canvas per theme. Shapes are filled with their layer's colour (store/layer-colours.ts);
// overlapping ones take the warning reds, the selection a cyan no layer colour and no warning uses,
// sensors a dashed lime.
// Both themes keep the same hues for shapes, overlaps and contacts so a state reads the same in
// either.
import { useEditorState } from "../editor/react";
import type { ThemeName } from "../editor/state";

const DARK = {
  background: "#1e1f24",
  // Translucent, so lines read over level art as over the background (the same colours there).
  grid: "rgba(255, 255, 255, 0.05)",
  gridMajor: "rgba(255, 255, 255, 0.1)",
  overlapFill: "rgba(248, 113, 113, 0.45)",
  overlapStroke: "#ef4444",
  selected: "#22d3ee",
  selectedFill: "rgba(34, 211, 238, 0.08)",
  hover: "rgba(34, 211, 238, 0.6)",
  ignored: "rgba(226, 232, 240, 0.75)",
  ignoredFill: "rgba(226, 232, 240, 0.12)",
  preview: "rgba(255, 255, 255, 0.55)",
  contact: "#fbbf24",
  ray: "#34d399",
  rayMiss: "rgba(52, 211, 153, 0.35)",
  sweep: "#c084fc",
  sweepFill: "rgba(192, 132, 252, 0.16)",
  hit: "#f472b6",
  label: "#f3f4f6",
  labelHalo: "rgba(17, 18, 22, 0.85)",
  placeholder: "rgba(251, 191, 36, 0.6)",
  // Sensors (triggers): dashed, in a lime no layer, warning or probe uses, whatever their layer.
  sensor: "#a3e635",
  sensorFill: "rgba(163, 230, 53, 0.12)",
  // A concave polygon's convex pieces, faint over the selected one.
  pieces: "rgba(34, 211, 238, 0.45)",
} as const;

export type CanvasTheme = { readonly [K in keyof typeof DARK]: string };

const LIGHT: CanvasTheme = {
  background: "#f7f8fa",
  grid: "rgba(15, 23, 42, 0.07)",
  gridMajor: "rgba(15, 23, 42, 0.15)",
  overlapFill: "rgba(239, 68, 68, 0.35)",
  overlapStroke: "#dc2626",
  selected: "#0891b2",
  selectedFill: "rgba(8, 145, 178, 0.08)",
  hover: "rgba(8, 145, 178, 0.6)",
  ignored: "rgba(51, 65, 85, 0.7)",
  ignoredFill: "rgba(51, 65, 85, 0.1)",
  preview: "rgba(15, 23, 42, 0.55)",
  contact: "#f5b120",
  ray: "#059669",
  rayMiss: "rgba(5, 150, 105, 0.35)",
  sweep: "#9333ea",
  sweepFill: "rgba(147, 51, 234, 0.12)",
  hit: "#db2777",
  label: "#111827",
  labelHalo: "rgba(255, 255, 255, 0.9)",
  placeholder: "rgba(217, 119, 6, 0.65)",
  sensor: "#4d7c0f",
  sensorFill: "rgba(101, 163, 13, 0.14)",
  pieces: "rgba(8, 145, 178, 0.5)",
};

export const canvasTheme = (name: ThemeName): CanvasTheme => (name === "light" ? LIGHT : DARK);

/** How a shape of one layer is painted: in its layer's colour, the warning colours when it overlaps. */
export interface ShapePaint {
  readonly fill: string;
  readonly stroke: string;
  readonly overlapFill: string;
  readonly overlapStroke: string;
  readonly selected: string;
  /** A sensor's colours, the same on every layer: it is drawn dashed in them. */
  readonly sensorFill: string;
  readonly sensorStroke: string;
  /** A locked layer's shapes are drawn muted: at this opacity, with a dashed outline. */
  readonly opacity: number;
  readonly dashed: boolean;
}

const LOCKED_OPACITY = 0.45;

const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** `hex` moved a fraction `t` of the way to `to` (0 or 255 per channel), as "rgb(…)". */
function toward(hex: string, to: number, t: number): string {
  const [r, g, b] = rgb(hex).map((c) => Math.round(c + (to - c) * t));
  return `rgb(${r}, ${g}, ${b})`;
}

const paints = new Map<string, ShapePaint>();

/**
 * The paint of a layer coloured `colour` ("#rrggbb") under `theme`: a translucent fill, and an
 * outline lighter on the dark canvas and darker on the light one so it reads on its own fill.
 * The same object for the same arguments, so a batch sees an unchanged paint as unchanged.
 */
export function shapePaint(theme: CanvasTheme, colour: string, locked: boolean): ShapePaint {
  const light = theme === LIGHT;
  const key = `${light ? "l" : "d"}${colour}${locked ? "L" : ""}`;
  let paint = paints.get(key);
  if (!paint) {
    const [r, g, b] = rgb(colour);
    paint = {
      fill: `rgba(${r}, ${g}, ${b}, ${light ? 0.24 : 0.3})`,
      stroke: light ? toward(colour, 0, 0.25) : toward(colour, 255, 0.2),
      overlapFill: theme.overlapFill,
      overlapStroke: theme.overlapStroke,
      selected: theme.selected,
      sensorFill: theme.sensorFill,
      sensorStroke: theme.sensor,
      opacity: locked ? LOCKED_OPACITY : 1,
      dashed: locked,
    };
    paints.set(key, paint);
  }
  return paint;
}

/** The canvas colours of the store's theme; components that draw re-render when it changes. */
export const useCanvasTheme = (): CanvasTheme => canvasTheme(useEditorState((s) => s.theme));

/** The dark theme's colours, for code that draws outside React; prefer useCanvasTheme(). */
export const THEME: CanvasTheme = DARK;
