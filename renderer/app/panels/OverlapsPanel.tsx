// Every overlapping pair of the scene with its penetration depth; a row selects both shapes.
import { select } from "../../store/actions";
import { useOverlaps } from "../../store/derived";
import { useEditor } from "../../store/editor-store";
import { Panel } from "./fields";

export function OverlapsPanel() {
  const { pairs } = useOverlaps();
  const selection = useEditor((s) => s.selection);
  const shapes = useEditor((s) => s.shapes);
  const names = new Map(shapes.map((s) => [s.id, s.name]));
  const label = (id: string) => (names.get(id) ? `${names.get(id)} (${id})` : id);
  return (
    <Panel title={`Overlaps (${pairs.length})`}>
      {pairs.length === 0 ? (
        <p className="empty">No shapes overlap.</p>
      ) : (
        <ul className="overlaps">
          {pairs.map((p) => {
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
    </Panel>
  );
}
