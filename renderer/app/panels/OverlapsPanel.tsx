// Every overlapping pair of the scene with its penetration depth; a row selects both shapes. Pairs
// that touch but which collision filtering ignores are listed apart, faint, each with why; so are
// the triggers, the pairs with a sensor, which never warn.
import { memo } from "react";
import { describeFilterMisses, type IgnoredPair, type OverlapPair } from "../../../core";
import { nameAndId } from "../../editor/names";
import { useEditor, useEditorState, useIgnoredOverlaps, useOverlaps, useSensorContacts } from "../../editor/react";
import { select } from "../../store/actions";
import { Panel } from "./fields";

/**
 * Rows listed at most: every row costs React and layout work on each drag step and pan, though a
 * step changes none of them, and nobody reads thousands.
 */
export const OVERLAP_ROWS = 100;

/**
 * One pair's row. Memoised on what it shows: a drag step changes a few pairs, and re-rendering
 * every row diffs every button.
 */
const OverlapRow = memo(function OverlapRow({ a, b, labelA, labelB, depth, both }: { a: string; b: string; labelA: string; labelB: string; depth: string; both: boolean }) {
  const editor = useEditor();
  return (
    <li>
      <button className={both ? "selected" : undefined} data-testid={`overlap-${a}-${b}`} onClick={() => select(editor, [a, b])} aria-label={`Select ${a} and ${b}`}>
        <span>{labelA} ↔ {labelB}</span>
        <span className="depth">depth {depth}</span>
      </button>
    </li>
  );
});

/** One ignored pair's row: its shapes and why the filter lets them through each other. */
const IgnoredRow = memo(function IgnoredRow({ a, b, labelA, labelB, reason, both }: { a: string; b: string; labelA: string; labelB: string; reason: string; both: boolean }) {
  const editor = useEditor();
  return (
    <li>
      <button className={both ? "selected" : undefined} data-testid={`ignored-${a}-${b}`} onClick={() => select(editor, [a, b])} aria-label={`Select ${a} and ${b}`}>
        <span>{labelA} ↔ {labelB}</span>
        <span className="reason">{reason}</span>
      </button>
    </li>
  );
});

function IgnoredList({ pairs, label, selection }: { readonly pairs: readonly IgnoredPair[]; readonly label: (id: string) => string; readonly selection: readonly string[] }) {
  const editor = useEditor();
  const collisionLayers = useEditorState((s) => s.collisionLayers);
  const bitNames = new Map(collisionLayers.map((c) => [c.bit, c.name]));
  const nameOf = (id: string) => editor.shapeById(id)?.name || id;
  const listed = pairs.length > OVERLAP_ROWS ? pairs.slice(0, OVERLAP_ROWS) : pairs;
  return (
    <section className="ignored" aria-label="Ignored by filtering">
      <h4 title="These shapes touch, but their collision layers and masks keep them from colliding: drawn faintly on the canvas">Ignored by filtering ({pairs.length})</h4>
      <ul className="overlaps">
        {listed.map((p) => (
          <IgnoredRow key={`${p.a}|${p.b}`} a={p.a} b={p.b} labelA={label(p.a)} labelB={label(p.b)} reason={describeFilterMisses(p.misses, nameOf, bitNames)} both={selection.length === 2 && selection.includes(p.a) && selection.includes(p.b)} />
        ))}
      </ul>
      {pairs.length > listed.length && <p className="empty">and {pairs.length - listed.length} more pairs (the first {OVERLAP_ROWS} are listed)</p>}
    </section>
  );
}

/** The pairs with a sensor: a trigger touched, listed apart and never as a warning. */
function TriggerList({ pairs, label, selection }: { readonly pairs: readonly OverlapPair[]; readonly label: (id: string) => string; readonly selection: readonly string[] }) {
  const editor = useEditor();
  const listed = pairs.length > OVERLAP_ROWS ? pairs.slice(0, OVERLAP_ROWS) : pairs;
  return (
    <section className="triggers" aria-label="Triggers">
      <h4 title="Pairs with a sensor: what a trigger touches. Reported, never overlap warnings">Triggers ({pairs.length})</h4>
      <ul className="overlaps">
        {listed.map((p) => (
          <li key={`${p.a}|${p.b}`}>
            <button className={selection.length === 2 && selection.includes(p.a) && selection.includes(p.b) ? "selected" : undefined} data-testid={`trigger-${p.a}-${p.b}`} onClick={() => select(editor, [p.a, p.b])} aria-label={`Select ${p.a} and ${p.b}`}>
              <span>{label(p.a)} ↔ {label(p.b)}</span>
              <span className="depth">depth {p.depth.toFixed(2)}</span>
            </button>
          </li>
        ))}
      </ul>
      {pairs.length > listed.length && <p className="empty">and {pairs.length - listed.length} more pairs (the first {OVERLAP_ROWS} are listed)</p>}
    </section>
  );
}

export function OverlapsPanel() {
  const { pairs, pending } = useOverlaps();
  const ignored = useIgnoredOverlaps();
  const triggers = useSensorContacts();
  const editor = useEditor();
  const selection = useEditorState((s) => s.selection);
  const listed = pairs.length > OVERLAP_ROWS ? pairs.slice(0, OVERLAP_ROWS) : pairs;
  const label = (id: string) => nameAndId(editor.shapeById(id)?.name, id);
  return (
    <Panel title={pending ? "Overlaps" : `Overlaps (${pairs.length})`}>
      {pending ? (
        <p className="empty">Checking for overlaps…</p>
      ) : pairs.length === 0 ? (
        <p className="empty">No shapes overlap.</p>
      ) : (
        <ul className="overlaps">
          {listed.map((p) => (
            <OverlapRow key={`${p.a}|${p.b}`} a={p.a} b={p.b} labelA={label(p.a)} labelB={label(p.b)} depth={p.depth.toFixed(2)} both={selection.length === 2 && selection.includes(p.a) && selection.includes(p.b)} />
          ))}
        </ul>
      )}
      {pairs.length > listed.length && <p className="empty" data-testid="overlaps-more">and {pairs.length - listed.length} more pairs (the first {OVERLAP_ROWS} are listed)</p>}
      {!pending && triggers.length > 0 && <TriggerList pairs={triggers} label={label} selection={selection} />}
      {!pending && ignored.length > 0 && <IgnoredList pairs={ignored} label={label} selection={selection} />}
    </Panel>
  );
}
