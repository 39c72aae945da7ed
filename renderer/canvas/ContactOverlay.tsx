// For each overlap a selected shape takes part in: the contact points, the normal (drawn from the
// contacts' centre, the way the selected shape would move out) and the depth, live while dragging.
import { useMemo } from "react";
import { Arrow, Circle, Group, Text } from "react-konva";
import type { OverlapPair } from "../../core";
import { useEditor } from "../editor/react";
import { useCanvasTheme } from "./theme";
import { usePixel } from "./pixel";

/** The normal is drawn at least this long (screen pixels) so shallow overlaps stay visible. */
const MIN_ARROW = 28;

export function ContactOverlay({ pairs, selected }: { pairs: readonly OverlapPair[]; selected: ReadonlySet<string> }) {
  const THEME = useCanvasTheme();
  const px = usePixel();
  const editor = useEditor();
  // Through the editor's index of pairs by shape, once per pair list and selection (a big scene has
  // tens of thousands of pairs), not on every render of a pan or zoom.
  const shown = useMemo(() => editor.overlapsOf(selected), [editor, pairs, selected]);
  return (
    <>
      {shown.map((p) => {
        const cx = p.points.reduce((s, q) => s + q.x, 0) / p.points.length;
        const cy = p.points.reduce((s, q) => s + q.y, 0) / p.points.length;
        const len = Math.max(p.depth, MIN_ARROW * px);
        // The arrow shows the way the selected shape gets out: the normal moves b out of a, so a
        // selected a (and not b) is shown the opposite way.
        const sign = selected.has(p.b) ? 1 : -1;
        const nx = sign * p.normal.x, ny = sign * p.normal.y;
        return (
          <Group key={`${p.a}|${p.b}`} listening={false} name="contact">
            <Arrow points={[cx, cy, cx + nx * len, cy + ny * len]} stroke={THEME.contact} fill={THEME.contact} strokeWidth={2} strokeScaleEnabled={false} pointerLength={7 * px} pointerWidth={7 * px} />
            {p.points.map((q, i) => (
              <Circle key={i} x={q.x} y={q.y} radius={4 * px} fill={THEME.contact} stroke={THEME.background} strokeWidth={1.5} strokeScaleEnabled={false} />
            ))}
            <Text x={cx + nx * len + 6 * px} y={cy + ny * len - 6 * px} text={p.depth.toFixed(2)} fontSize={12 * px} fill={THEME.contact} />
          </Group>
        );
      })}
    </>
  );
}
