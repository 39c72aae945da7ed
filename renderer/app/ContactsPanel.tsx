// Lists the overlaps of the selected shapes: the other shape, the depth, the normal and the
// contact points, live while dragging.
import { useMemo } from "react";
import { useEditor, useEditorState, useOverlaps } from "../editor/react";

const n2 = (v: number) => (Math.abs(v) < 5e-3 ? 0 : v).toFixed(2);

export function ContactsPanel() {
  const editor = useEditor();
  const selection = useEditorState((s) => s.selection);
  const { pairs } = useOverlaps();
  // The selection's pairs through the editor's index of pairs by shape.
  const shown = useMemo(() => editor.overlapsOf(new Set(selection)), [editor, pairs, selection]);
  if (shown.length === 0) return null;
  return (
    <section className="contacts" aria-label="Contacts">
      <h2>Overlaps of the selection</h2>
      <ul>
        {shown.map((p) => (
          <li key={`${p.a}|${p.b}`} data-testid={`contact-${p.a}-${p.b}`}>
            <strong>
              {p.a} ↔ {p.b}
            </strong>
            <span>depth {p.depth.toFixed(2)}</span>
            <span>
              normal ({n2(p.normal.x)}, {n2(p.normal.y)})
            </span>
            <span>
              {p.points.length} point{p.points.length === 1 ? "" : "s"}: {p.points.map((q) => `(${q.x.toFixed(1)}, ${q.y.toFixed(1)})`).join(" ")}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
