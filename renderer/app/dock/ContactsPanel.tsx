// The overlaps of the selected shapes: the other shape (by name), the depth, the normal and the
// contact points, live while dragging.
import { useMemo } from "react";
import { labelOf } from "../../editor/names";
import { useEditor, useEditorState, useOverlaps } from "../../editor/react";

const n2 = (v: number) => (Math.abs(v) < 5e-3 ? 0 : v).toFixed(2);

/** How many of the selection's overlaps there are, for the dock's tab. */
export function useSelectionContacts() {
  const editor = useEditor();
  const selection = useEditorState((s) => s.selection);
  const { pairs } = useOverlaps();
  // The selection's pairs through the editor's index of pairs by shape.
  return useMemo(() => editor.overlapsOf(new Set(selection)), [editor, pairs, selection]);
}

export function ContactsPanel() {
  const editor = useEditor();
  const selection = useEditorState((s) => s.selection);
  useEditorState((s) => s.shapes);
  const shown = useSelectionContacts();
  if (shown.length === 0) return <p className="empty">{selection.length === 0 ? "Select a shape to see what it overlaps." : "The selection overlaps nothing."}</p>;
  return (
    <ul className="contacts">
      {shown.map((p) => (
        <li key={`${p.a}|${p.b}`} data-testid={`contact-${p.a}-${p.b}`}>
          <strong>
            {labelOf(editor, p.a)} ↔ {labelOf(editor, p.b)}
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
  );
}
