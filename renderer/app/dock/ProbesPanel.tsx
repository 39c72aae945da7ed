// Lists the scene's probes (rays and sweeps) with their names, editable so QA can refer to them,
// and each one's live result: the shape hit (by name), the fraction, the point and the normal.
import type { CastHit, Probe } from "../../../core";
import type { Editor } from "../../editor/editor";
import { labelOf } from "../../editor/names";
import { useEditor, useEditorState, useProbeHits } from "../../editor/react";
import { beginGesture, endGesture, renameProbe, select } from "../../store/actions";

const n2 = (v: number) => (Math.abs(v) < 5e-3 ? 0 : v).toFixed(2);

export function describeHit(editor: Editor, probe: Probe, hit: CastHit | null): string {
  if (!hit) return probe.type === "ray" ? "no hit" : "reaches its target";
  const start = hit.startedInside ? " (overlapping at the start)" : "";
  return `hits ${labelOf(editor, hit.shape)} at ${hit.fraction.toFixed(3)}${start}: point (${hit.point.x.toFixed(1)}, ${hit.point.y.toFixed(1)}), normal (${n2(hit.normal.x)}, ${n2(hit.normal.y)})`;
}

/** Bits as runs: "1, 3–5, 32". */
function bitRuns(bits: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < bits.length; ) {
    let j = i;
    while (j + 1 < bits.length && bits[j + 1] === bits[j]! + 1) j++;
    runs.push(j === i ? String(bits[i]) : j === i + 1 ? `${bits[i]}, ${bits[j]}` : `${bits[i]}–${bits[j]}`);
    i = j + 1;
  }
  return runs.join(", ");
}

/**
 * The layers a probe's mask lets it see, by bit, in few words: "layers 1, 3–5", "every layer but
 * 1", "no layer"; "" for every layer.
 */
export function maskText(mask: number | undefined): string {
  if (mask === undefined || mask >>> 0 === 0xffffffff) return "";
  const all = Array.from({ length: 32 }, (_, i) => i + 1);
  const seen = all.filter((bit) => ((mask >>> (bit - 1)) & 1) === 1);
  if (seen.length === 0) return "no layer";
  if (seen.length > 16) return `every layer but ${bitRuns(all.filter((bit) => !seen.includes(bit)))}`;
  return `layer${seen.length === 1 ? "" : "s"} ${bitRuns(seen)}`;
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
