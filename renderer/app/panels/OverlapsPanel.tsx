// Every overlapping pair of the scene with its penetration depth; a row selects both shapes.
import { select } from "../../store/actions";
import { shapesWithIds, useOverlaps } from "../../store/derived";
import { useEditor } from "../../store/editor-store";
import { Panel } from "./fields";

/**
 * Rows listed at most: 30,000 rows (a 100,000-shape level) cost tens of milliseconds of React and
 * layout on every drag step and pan, and nobody reads that many.
 */
export const OVERLAP_ROWS = 500;

export function OverlapsPanel() {
  const { pairs } = useOverlaps();
  const selection = useEditor((s) => s.selection);
  const shapes = useEditor((s) => s.shapes);
  const listed = pairs.length > OVERLAP_ROWS ? pairs.slice(0, OVERLAP_ROWS) : pairs;
  const names = new Map<string, string | undefined>();
  for (const s of shapesWithIds(shapes, listed.flatMap((p) => [p.a, p.b]))) names.set(s.id, s.name);
  const label = (id: string) => (names.get(id) ? `${names.get(id)} (${id})` : id);
  return (
    <Panel title={`Overlaps (${pairs.length})`}>
      {pairs.length === 0 ? (
        <p className="empty">No shapes overlap.</p>
      ) : (
        <ul className="overlaps">
          {listed.map((p) => {
            const both = selection.length === 2 && selection.includes(p.a) && selection.includes(p.b);
            return (
              <li key={`${p.a}|${p.b}`}>
                <button className={both ? "selected" : undefined} data-testid={`overlap-${p.a}-${p.b}`} onClick={() => select([p.a, p.b])} aria-label={`Select ${p.a} and ${p.b}`}>
                  <span>{label(p.a)} ↔ {label(p.b)}</span>
                  <span className="depth">depth {p.depth.toFixed(2)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {pairs.length > listed.length && <p className="empty" data-testid="overlaps-more">and {pairs.length - listed.length} more pairs (the first {OVERLAP_ROWS} are listed)</p>}
    </Panel>
  );
}
