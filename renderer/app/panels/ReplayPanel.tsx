// The open ray log (shown only while one is open): the counts of this run against the scene as it
// is now, the status and tag filters, the timeline (by frame, time or order, with Play), the
// mismatching rays (a click selects the ray and the shape it hit), Re-record and Close.
import { useEffect } from "react";
import { formatRayProblem, mismatchLine, MISMATCH_KINDS, rayLabel } from "../../../core";
import { closeRayLogView, rerecordRayLog } from "../replay-commands";
import {
  mismatchRowText,
  playbackStepsPerSecond,
  positionLabel,
  selectRay,
  setPlaying,
  setPosition,
  setStatusFilter,
  setTagFilter,
  setTolerance,
  summaryOf,
  tagsOf,
  timelineOf,
  visibleResults,
  type StatusFilter,
} from "../../store/replay";
import { mismatchesOfShape, shapeEntries, shapeSummaryOf, toggleShapeFilter } from "../../store/replay-shapes";
import { useEditor, useReplay, useReplayResults } from "../../editor/react";
import { REPLAY_COLORS } from "../../canvas/ReplayLayer";
import { useCanvasTheme } from "../../canvas/theme";
import { Field, Panel } from "./fields";

/** Mismatching rays listed at most. */
export const REPLAY_ROWS = 500;

const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "ok", label: "OK" },
  { value: "mismatch", label: "Mismatch" },
  { value: "unchecked", label: "Unchecked" },
];

function usePlayback(steps: number) {
  const editor = useEditor();
  const playing = useReplay((s) => s.playing);
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last = performance.now();
    let carry = 0;
    const tick = (now: number) => {
      carry += ((now - last) / 1000) * playbackStepsPerSecond(steps);
      last = now;
      const advance = Math.floor(carry);
      carry -= advance;
      const next = editor.replay.getState().position + advance;
      if (next >= steps - 1) {
        setPosition(editor, steps - 1);
        setPlaying(editor, false);
        return;
      }
      if (advance > 0) setPosition(editor, next);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [editor, playing, steps]);
}

/** What the canvas draws, in its colours: a replayed ray is never solid green, a scene probe always is. */
function Legend() {
  const theme = useCanvasTheme();
  const line = (border: string) => <span className="swatch" style={{ borderTop: border }} />;
  return (
    <p className="replay-legend" data-testid="replay-legend">
      <span>{line(`2px dashed ${REPLAY_COLORS.ok}`)}ok</span>
      <span>{line(`3px solid ${REPLAY_COLORS.mismatch}`)}mismatch</span>
      <span>{line(`1px solid ${REPLAY_COLORS.unchecked}`)}unchecked</span>
      <span><span className="swatch ring" style={{ borderColor: REPLAY_COLORS.expected }} />expected hit</span>
      <span>{line(`2px solid ${theme.ray}`)}scene probe</span>
    </p>
  );
}

export function ReplayPanel() {
  const editor = useEditor();
  const log = useReplay((s) => s.log);
  const status = useReplay((s) => s.status);
  const tag = useReplay((s) => s.tag);
  const position = useReplay((s) => s.position);
  const selected = useReplay((s) => s.selected);
  const shape = useReplay((s) => s.shape);
  const playing = useReplay((s) => s.playing);
  const tolerance = useReplay((s) => s.tolerance);
  const results = useReplayResults();
  const timeline = timelineOf(log?.rays ?? []);
  usePlayback(timeline.steps.length);
  if (!log) return null;
  const summary = summaryOf(results, tolerance);
  const tags = tagsOf(log.rays);
  const shown = visibleResults(results, { status, tag, position, log });
  const byShape = shapeEntries(shapeSummaryOf(shown), shape);
  const listed = mismatchesOfShape(shown, shape);
  const rows = listed.length > REPLAY_ROWS ? listed.slice(0, REPLAY_ROWS) : listed;
  const kinds = MISMATCH_KINDS.filter((k) => summary.byKind[k] > 0).map((k) => `${summary.byKind[k]} ${k}`).join(", ");
  const last = Math.max(0, timeline.steps.length - 1);
  return (
    <Panel title={`Replay: ${log.name}`}>
      <p className="what" data-testid="replay-summary">
        <span data-testid="replay-ok">{summary.ok} ok</span>, <span data-testid="replay-mismatch">{summary.mismatch} mismatch{summary.mismatch === 1 ? "" : "es"}</span>
        {kinds && <span data-testid="replay-kinds"> ({kinds})</span>}, <span data-testid="replay-unchecked">{summary.unchecked} unchecked</span>
      </p>
      <Legend />
      {log.problems.length > 0 && (
        <p className="empty" data-testid="replay-skipped">
          {log.problems.length} bad line{log.problems.length === 1 ? "" : "s"} skipped; first: {formatRayProblem(log.problems[0]!, log.name)}
        </p>
      )}
      <div className="grid">
        <label>
          Status{" "}
          <select aria-label="Status filter" value={status} onChange={(e) => setStatusFilter(editor, e.currentTarget.value as StatusFilter)}>
            {STATUS_FILTERS.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}
          </select>
        </label>
        <label>
          Tag{" "}
          <select aria-label="Tag filter" value={tag === null ? "" : `#${tag}`} onChange={(e) => setTagFilter(editor, e.currentTarget.value === "" ? null : e.currentTarget.value.slice(1))}>
            <option value="">All</option>
            {tags.map((t) => <option key={t} value={`#${t}`}>{t === "" ? "(empty)" : t}</option>)}
          </select>
        </label>
        <Field numeric label="Tolerance" value={String(tolerance)} commit={(t) => setTolerance(editor, t)} testId="replay-tolerance"
          title="How far a hit point may move (world units) and still be the same hit; collider-studio replay's --tolerance (default 0.01)" />
      </div>
      <div className="replay-timeline">
        <input type="range" aria-label="Timeline" min={0} max={last} step={1} value={position} onChange={(e) => setPosition(editor, e.currentTarget.valueAsNumber)} />
        <button type="button" onClick={() => {
          if (!playing && position >= last) setPosition(editor, 0);
          setPlaying(editor, !playing);
        }}>{playing ? "Pause" : "Play"}</button>
      </div>
      <p className="empty" data-testid="replay-position">{positionLabel(timeline, position)} · {shown.length} ray{shown.length === 1 ? "" : "s"} shown</p>
      {byShape.entries.length > 0 && (
        <ul className="overlaps replay-shapes" aria-label="Mismatches by shape">
          {byShape.entries.map((e) => (
            <li key={e.shape}>
              <button type="button" className={e.picked ? "selected" : undefined} aria-pressed={e.picked} disabled={!e.pickable} data-testid={`replay-shape-${e.shape}`} onClick={() => toggleShapeFilter(editor, e.shape)}
                title={e.picked ? `${e.text}\nClick again to list every shape's rays` : `${e.text}\nClick to list only these rays and select ${e.shape}`}>
                {e.text}
              </button>
            </li>
          ))}
          {byShape.more !== null && <li className="empty" data-testid="replay-shapes-more">{byShape.more}</li>}
        </ul>
      )}
      {rows.length === 0 ? (
        <p className="empty" data-testid="replay-no-mismatch">No mismatching rays shown.</p>
      ) : (
        <ul className="overlaps replay-rows" aria-label="Mismatching rays">
          {rows.map((r) => (
            <li key={r.ray.line}>
              <button className={r.ray.line === selected ? "selected" : undefined} data-testid={`replay-row-${r.ray.id}`} onClick={() => selectRay(editor, r.ray.line, true)} aria-label={`Select ray ${r.ray.id}`} title={mismatchLine(r)}>
                <span className="ray-name">{rayLabel(r.ray)}</span>
                <span className="ray-kind">{r.mismatch?.kind}</span>
                <span className="depth">{mismatchRowText(r)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {listed.length > rows.length && <p className="empty">and {listed.length - rows.length} more (the first {REPLAY_ROWS} are listed)</p>}
      <div className="replay-buttons">
        <button type="button" onClick={() => void rerecordRayLog(editor)}>Re-record</button>
        <button type="button" onClick={() => closeRayLogView(editor)}>Close</button>
      </div>
    </Panel>
  );
}
