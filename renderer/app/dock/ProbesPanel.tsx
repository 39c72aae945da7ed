// Lists the scene's probes (rays and sweeps) with their names, editable so QA can refer to them,
// and each one's live result: the shape hit (by name), the fraction, the point and the normal.
import type { CastHit, Probe } from "../../../core";
import type { Editor } from "../../editor/editor";
import { labelOf } from "../../editor/names";
import { useEditor, useEditorState, useProbeHits } from "../../editor/react";
import { beginGesture, endGesture, renameProbe, select } from "../../store/actions";
import { maskText } from "./mask-text";

const n2 = (v: number) => (Math.abs(v) < 5e-3 ? 0 : v).toFixed(2);

export function describeHit(editor: Editor, probe: Probe, hit: CastHit | null): string {
  if (!hit) return probe.type === "ray" ? "no hit" : "reaches its target";
  const start = hit.startedInside ? " (overlapping at the start)" : "";
  return `hits ${labelOf(editor, hit.shape)} at ${hit.fraction.toFixed(3)}${start}: point (${hit.point.x.toFixed(1)}, ${hit.point.y.toFixed(1)}), normal (${n2(hit.normal.x)}, ${n2(hit.normal.y)})`;
}

export const describeProbe = (editor: Editor, probe: Probe): string => {
  const mask = maskText(probe.mask);
  return `${probe.type === "ray" ? "ray" : `sweep of ${labelOf(editor, probe.shape)}`}${mask ? ` · sees ${mask}` : ""}${probe.includeSensors === true ? " · sensors too" : ""}`;
};

export function ProbesPanel() {
  const editor = useEditor();
  const probes = useEditorState((s) => s.probes);
  // Names of the shapes hit or swept are read through the store.
  useEditorState((s) => s.shapes);
  const selection = useEditorState((s) => s.selection);
  const hits = useProbeHits();
  if (probes.length === 0) return <p className="empty">No probes: draw one with the Ray (R) or Sweep (W) tool.</p>;
  return (
    <ul className="probes">
      {probes.map((p) => (
        <li key={p.id} data-testid={`probe-${p.id}`} className={selection.includes(p.id) ? "selected" : undefined} onClick={() => select(editor, [p.id])}>
          <input
            aria-label={`Name of ${p.id}`}
            value={p.name}
            placeholder={p.id}
            onFocus={() => beginGesture(editor)}
            onBlur={() => endGesture(editor)}
            onChange={(e) => renameProbe(editor, p.id, e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === "Escape") e.currentTarget.blur();
            }}
          />
          <span className="kind">{describeProbe(editor, p)}</span>
          <span className="result" data-testid={`probe-result-${p.id}`}>{describeHit(editor, p, hits.get(p.id) ?? null)}</span>
        </li>
      ))}
    </ul>
  );
}
