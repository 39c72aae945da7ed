// Draws an open ray log's rays over the scene, as the replay panel's filters and timeline let
// them through: ok rays thin, dashed and slate (never the probes' solid green), unchecked grey,
// mismatches red and thicker with the expected hit (a hollow ring) and this run's hit (a filled
// dot), labelled below their start (a probe's label is above it). Markers keep their size on screen.
import { memo } from "react";
import { Circle, Group, Line, Text } from "react-konva";
import { rayLabel, type ReplayResult } from "../../core";
import { useEditorState, useReplay, useReplayResults } from "../editor/react";
import { coincidesWithProbe, placedLabels, REPLAY_LABEL_OFFSET } from "./replay-labels";
import { visibleResults } from "../store/replay";
import { usePixel } from "./pixel";
import { useCanvasTheme } from "./theme";
import { anchored } from "./draw-origin";

/** At most this many rays are drawn (mismatches first): more would only slow the canvas down. */
export const MAX_DRAWN_RAYS = 2000;

export const REPLAY_RAY_NAME = "replay-ray";
/** A ray's node id: the prefix and the ray's line number in the log. */
export const REPLAY_RAY_PREFIX = "replay-ray-";
export const REPLAY_COLORS = { ok: "rgba(148, 163, 184, 0.9)", unchecked: "rgba(120, 120, 120, 0.6)", mismatch: "#ef4444", expected: "#fbbf24" } as const;

/** A ray whose result is unchanged after an edit keeps its result object, and is not drawn again. */
/** An ok ray's dash, in screen pixels: a probe is drawn solid, so the two never look alike. */
const OK_DASH = [5, 4] as const;

/** `label`: whether its label is drawn (not where a scene probe's names it, nor over another's). */
const RayNode = memo(function RayNode({ result, selected, label }: { result: ReplayResult; selected: boolean; label: boolean }) {
  const THEME = useCanvasTheme();
  const px = usePixel();
  const { ray, hit, status } = result;
  const mismatch = status === "mismatch";
  const color = selected ? THEME.selected : REPLAY_COLORS[status];
  const expected = ray.expect?.point;
  return (
    <Group>
      <Line
        id={`${REPLAY_RAY_PREFIX}${ray.line}`}
        name={REPLAY_RAY_NAME}
        {...anchored([ray.from[0], ray.from[1], ray.to[0], ray.to[1]])}
        stroke={color}
        strokeWidth={mismatch || selected ? 2.5 : status === "ok" ? 1.5 : 1}
        strokeScaleEnabled={false}
        dash={status === "ok" && !selected ? [OK_DASH[0] * px, OK_DASH[1] * px] : undefined}
        hitStrokeWidth={10}
      />
      {(mismatch || selected) && expected && (
        <Circle x={expected[0]} y={expected[1]} radius={6 * px} stroke={REPLAY_COLORS.expected} strokeWidth={2} strokeScaleEnabled={false} listening={false} />
      )}
      {(mismatch || selected) && label && (
        <Text x={ray.from[0] + REPLAY_LABEL_OFFSET.x * px} y={ray.from[1] + REPLAY_LABEL_OFFSET.y * px} text={rayLabel(ray)} fontSize={11 * px} fill={color} listening={false} />
      )}
      {(mismatch || selected) && hit && (
        <Circle x={hit.point.x} y={hit.point.y} radius={4 * px} fill={mismatch ? REPLAY_COLORS.mismatch : color} stroke={THEME.background} strokeWidth={1.5} strokeScaleEnabled={false} listening={false} />
      )}
    </Group>
  );
});

export function ReplayRays() {
  const results = useReplayResults();
  const status = useReplay((s) => s.status);
  const tag = useReplay((s) => s.tag);
  const position = useReplay((s) => s.position);
  const selected = useReplay((s) => s.selected);
  const log = useReplay((s) => s.log);
  const tolerance = useReplay((s) => s.tolerance);
  const probes = useEditorState((s) => s.probes);
  const px = usePixel();
  if (results.length === 0) return null;
  const shown = visibleResults(results, { status, tag, position, log });
  let drawn: readonly ReplayResult[] = shown;
  if (shown.length > MAX_DRAWN_RAYS) {
    const bad = shown.filter((r) => r.status === "mismatch");
    drawn = [...bad.slice(0, MAX_DRAWN_RAYS), ...shown.filter((r) => r.status !== "mismatch").slice(0, Math.max(0, MAX_DRAWN_RAYS - bad.length))];
  }
  // Mismatches and the selected ray on top.
  const rank = (r: ReplayResult) => (r.ray.line === selected ? 2 : r.status === "mismatch" ? 1 : 0);
  const ordered = [...drawn].sort((a, b) => rank(a) - rank(b));
  // Labels go to the selected ray first, then mismatches in log order, each where no earlier one
  // is; a mismatch along a scene probe has the probe's label already.
  const labelled = [...drawn.filter((r) => r.ray.line === selected), ...drawn.filter((r) => r.status === "mismatch" && r.ray.line !== selected && !coincidesWithProbe(r.ray, probes, tolerance))];
  const labels = placedLabels(labelled.map((r) => ({ key: r.ray.line, x: r.ray.from[0] + REPLAY_LABEL_OFFSET.x * px, y: r.ray.from[1] + REPLAY_LABEL_OFFSET.y * px, text: rayLabel(r.ray) })), px);
  return (
    <>
      {ordered.map((r) => (
        <RayNode key={r.ray.line} result={r} selected={r.ray.line === selected} label={labels.has(r.ray.line)} />
      ))}
    </>
  );
}
