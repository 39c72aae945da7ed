// Edits of one probe from the Inspector: its ends, for a sweep the shape it moves, whether sensors
// stop it and the layers it sees. Each is one undo step; a refused value leaves the document
// untouched and says why.
import { COLLISION_BITS, type Point, type Probe, type Shape } from "../../core";
import { findShapeByIdOrName, shapeLookupProblem } from "../../core/scene/find-shape";
import type { Editor } from "../editor/editor";
import type { Edit } from "./layer-actions";
import { withBit } from "./shape-edits";

/** Every layer: what a probe without a mask sees. */
export const ALL_LAYERS = 0xffffffff;

export type ProbeEnd = "from" | "to";

/** The probe's end point `end` (a sweep has only `to`). */
export const probeEnd = (p: Probe, end: ProbeEnd): Point | undefined => (end === "to" ? p.to : p.type === "ray" ? p.from : undefined);

function replaceProbe(editor: Editor, id: string, change: (p: Probe) => Probe | Edit<never>): Edit<null> {
  const { probes } = editor.getState();
  const at = probes.findIndex((p) => p.id === id);
  if (at < 0) return { ok: false, message: `no probe has the id "${id}"` };
  const next = change(probes[at]!);
  if ("ok" in next) return next;
  if (next !== probes[at]) editor.update({ probes: probes.map((p, i) => (i === at ? next : p)) });
  return { ok: true, value: null };
}

/** Sets one coordinate of a probe's end. */
export function setProbeCoordinate(editor: Editor, id: string, end: ProbeEnd, axis: 0 | 1, value: number): Edit<null> {
  return replaceProbe(editor, id, (p) => {
    const old = probeEnd(p, end);
    if (!old) return { ok: false, message: `a ${p.type} has no "${end}" point` };
    if (old[axis] === value) return p;
    const point: Point = axis === 0 ? [value, old[1]] : [old[0], value];
    return end === "to" ? { ...p, to: point } : p.type === "ray" ? { ...p, from: point } : p;
  });
}

/** The shape `text` names, by id or unique name, as the CLI's `--shape` finds it. */
export function findShape(shapes: readonly Shape[], text: string): Edit<Shape> {
  const t = text.trim();
  if (t === "") return { ok: false, message: "enter a shape's id or name" };
  const found = findShapeByIdOrName(shapes, t);
  return found.ok ? { ok: true, value: found.shape } : { ok: false, message: shapeLookupProblem(found, t) };
}

/** Makes a sweep move another shape, named by id or unique name. */
export function setSweepShape(editor: Editor, id: string, text: string): Edit<null> {
  const found = findShape(editor.getState().shapes, text);
  if (!found.ok) return found;
  return replaceProbe(editor, id, (p) => (p.type !== "sweep" ? { ok: false, message: "only a sweep moves a shape" } : p.shape === found.value.id ? p : { ...p, shape: found.value.id }));
}

/** What a person reads for the shape a sweep moves: its name when that names it alone, else its id. */
export function sweptShapeText(shapes: readonly Shape[], shape: Shape | undefined, id: string): string {
  if (!shape?.name) return id;
  return shapes.filter((s) => s.name === shape.name).length === 1 ? shape.name : id;
}

/** Whether a probe stops at sensors too (absent: it passes through them, as Box2D's and Godot's queries do). */
export function setProbeIncludeSensors(editor: Editor, id: string, on: boolean): Edit<null> {
  return replaceProbe(editor, id, (p) => {
    if ((p.includeSensors === true) === on) return p;
    const { includeSensors: _old, ...rest } = p;
    return on ? { ...rest, includeSensors: true } : rest;
  });
}

/** Turns bit `bit` (1–32) of what a probe sees on or off; seeing every layer again drops the mask. */
export function setProbeMaskBit(editor: Editor, id: string, bit: number, on: boolean): Edit<null> {
  if (!Number.isInteger(bit) || bit < 1 || bit > COLLISION_BITS) return { ok: false, message: `a collision bit is 1 to ${COLLISION_BITS}, got ${bit}` };
  return replaceProbe(editor, id, (p) => {
    const next = withBit(p.mask ?? ALL_LAYERS, bit, on);
    if (next === (p.mask ?? ALL_LAYERS)) return p;
    const { mask: _old, ...rest } = p;
    return next === ALL_LAYERS ? rest : { ...rest, mask: next };
  });
}
