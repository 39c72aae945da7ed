// The contacts of the selected shapes: their overlaps (the other shape by name, the depth, the
// normal and the contact points), live while dragging, and apart from them their triggers, the
// contacts with a sensor, which are never overlap warnings.
import { useMemo } from "react";
import type { OverlapPair } from "../../../core";
import { labelOf } from "../../editor/names";
import { useEditor, useEditorState, useOverlaps, useSensorContacts } from "../../editor/react";
import { MAX_MARKED_CONTACTS } from "../../canvas/contact-marks";

const n2 = (v: number) => (Math.abs(v) < 5e-3 ? 0 : v).toFixed(2);

/** How many of the selection's overlaps there are, for the dock's tab. */
export function useSelectionContacts() {
  const editor = useEditor();
  const selection = useEditorState((s) => s.selection);
  const { pairs } = useOverlaps();
  // The selection's pairs through the editor's index of pairs by shape.
  return useMemo(() => editor.overlapsOf(new Set(selection)), [editor, pairs, selection]);
}

/** The selection's contacts with sensors (its triggers). */
export function useSelectionTriggers() {
  const editor = useEditor();
  const selection = useEditorState((s) => s.selection);
  const pairs = useSensorContacts();
  return useMemo(() => editor.sensorContactsOf(new Set(selection)), [editor, pairs, selection]);
}

function ContactRows({ pairs, kind }: { readonly pairs: readonly OverlapPair[]; readonly kind: "contact" | "trigger" }) {
  const editor = useEditor();
  return (
    <ul className="contacts">
      {pairs.map((p) => (
        <li key={`${p.a}|${p.b}`} data-testid={`${kind}-${p.a}-${p.b}`}>
          <strong>
            {labelOf(editor, p.a)} ↔ {labelOf(editor, p.b)}
          </strong>
          <span>depth {p.depth.toFixed(2)}</span>
          {/* The pair's normal, A to B; the canvas arrow is the selected shape's own way out. */}
          <span title={`From ${labelOf(editor, p.a)} toward ${labelOf(editor, p.b)}: moving ${labelOf(editor, p.b)} by the depth along it separates the two`}>
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

export function ContactsPanel() {
  const selection = useEditorState((s) => s.selection);
  useEditorState((s) => s.shapes);
  const shown = useSelectionContacts();
  const triggers = useSelectionTriggers();
  if (shown.length === 0 && triggers.length === 0) return <p className="empty">{selection.length === 0 ? "Select a shape to see what it overlaps." : "The selection overlaps nothing."}</p>;
  return (
    <>
      {shown.length > MAX_MARKED_CONTACTS && (
        <p className="contacts-note" data-testid="contacts-unmarked">
          {shown.length} contacts: the canvas marks them for {MAX_MARKED_CONTACTS} at most (select fewer shapes to see the arrows); the shapes stay red.
        </p>
      )}
      {shown.length > 0 && <ContactRows pairs={shown} kind="contact" />}
      {triggers.length > 0 && (
        <section aria-label="Triggers">
          <h4 className="contacts-heading" title="Contacts with a sensor: reported, never overlap warnings">Triggers ({triggers.length})</h4>
          <ContactRows pairs={triggers} kind="trigger" />
        </section>
      )}
    </>
  );
}
