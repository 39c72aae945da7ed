// For each overlap a selected shape takes part in (up to MAX_MARKED_CONTACTS): the contact points, the normal (drawn from the
// contacts' centre, the way the selected shape would move out) and the depth, live while dragging
// (placed by contact-marks.ts).
import { useMemo } from "react";
import { Arrow, Circle, Group, Text } from "react-konva";
import type { OverlapPair } from "../../core";
import { useEditor } from "../editor/react";
import { contactMark, DEPTH_FONT, DOT_RADIUS, markedContacts } from "./contact-marks";
import { useCanvasTheme } from "./theme";
import { anchored } from "./draw-origin";
import { usePixel } from "./pixel";

export function ContactOverlay({ pairs, selected }: { pairs: readonly OverlapPair[]; selected: ReadonlySet<string> }) {
  const THEME = useCanvasTheme();
  const px = usePixel();
  const editor = useEditor();
  // Through the editor's index of pairs by shape, once per pair list and selection (a big scene has
  // tens of thousands of pairs), not on every render of a pan or zoom.
  const shown = useMemo(() => markedContacts(editor.overlapsOf(selected)), [editor, pairs, selected]);
  return (
    <>
      {shown.map((p) => {
        const m = contactMark(p, selected, px);
        return (
          <Group key={`${p.a}|${p.b}`} listening={false} name="contact">
            <Arrow {...anchored([m.cx, m.cy, m.tipX, m.tipY])} stroke={THEME.contact} fill={THEME.contact} strokeWidth={2} strokeScaleEnabled={false} pointerLength={7 * px} pointerWidth={7 * px} />
            {p.points.map((q, i) => (
              <Circle key={i} x={q.x} y={q.y} radius={DOT_RADIUS * px} fill={THEME.contact} stroke={THEME.background} strokeWidth={1.5} strokeScaleEnabled={false} />
            ))}
            <Text x={m.textX} y={m.textY} text={m.text} fontSize={DEPTH_FONT * px} fill={THEME.contact} />
          </Group>
        );
      })}
    </>
  );
}
