// Every overlapping pair of the scene with its penetration depth; a row selects both shapes.
import { memo } from "react";
import { useEditor, useEditorState, useOverlaps } from "../../editor/react";
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

export function OverlapsPanel() {
  const { pairs, pending } = useOverlaps();
  const editor = useEditor();
  const selection = useEditorState((s) => s.selection);
  const listed = pairs.length > OVERLAP_ROWS ? pairs.slice(0, OVERLAP_ROWS) : pairs;
  const label = (id: string) => {
    const name = editor.shapeById(id)?.name;
    return name ? `${name} (${id})` : id;
  };
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
    </Panel>
  );
}
