// Shapes' names written on the canvas (View → Show names on shapes), as name-labels.ts picks and
// cuts and places them. One Konva node draws them all, a halo behind each so it reads over any fill.
import type Konva from "konva";
import { useMemo } from "react";
import { Shape as KonvaShape } from "react-konva";
import { useEditor, useEditorState, useOverlaps } from "../editor/react";
import { contactMark, markBox, markedContacts } from "./contact-marks";
import { FONT_PX, labelsInView, placeLabels } from "./name-labels";
import type { DrawOrigin } from "./draw-origin";
import { useCanvasTheme } from "./theme";

/** `origin`: where the node sits, near the view (draw-origin.ts); labels are written relative to it. */
export function NameLabels({ width, height, origin }: { readonly width: number; readonly height: number; readonly origin: DrawOrigin }) {
  const editor = useEditor();
  const show = useEditorState((s) => s.showNames);
  const shapes = useEditorState((s) => s.shapes);
  const layers = useEditorState((s) => s.layers);
  const view = useEditorState((s) => s.view);
  const selection = useEditorState((s) => s.selection);
  const { ids: overlapping, pairs } = useOverlaps();
  const THEME = useCanvasTheme();
  // A selected shape that overlaps has its contacts drawn over it (when they are drawn at all): its
  // name stays in the Inspector.
  const skip = useMemo(
    () => (markedContacts(editor.overlapsOf(new Set(selection))).length === 0 ? new Set<string>() : new Set(selection.filter((id) => overlapping.has(id)))),
    [editor, selection, overlapping, pairs],
  );
  const labels = useMemo(() => (show ? labelsInView(editor, view, width, height, layers, skip) : []), [editor, show, shapes, layers, view, width, height, skip]);
  const px = 1 / view.scale;
  // The contact overlay's marks for the selection: names keep clear of them.
  const marks = useMemo(() => {
    if (!show || skip.size === 0) return [];
    const selected = new Set(selection);
    return editor.overlapsOf(selected).map((p) => markBox(contactMark(p, selected, px), px));
  }, [editor, show, skip, selection, px, pairs]);
  if (labels.length === 0) return null;
  const sceneFunc = (ctx: Konva.Context) => {
    ctx.font = `${FONT_PX * px}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    ctx.lineWidth = 3 * px;
    ctx.strokeStyle = THEME.labelHalo;
    ctx.fillStyle = THEME.label;
    for (const l of placeLabels(labels, (t) => ctx.measureText(t).width, px, marks)) {
      ctx.strokeText(l.text, l.x - origin.x, l.y - origin.y);
      ctx.fillText(l.text, l.x - origin.x, l.y - origin.y);
    }
  };
  return <KonvaShape name="name-labels" x={origin.x} y={origin.y} sceneFunc={sceneFunc} listening={false} perfectDrawEnabled={false} />;
}
