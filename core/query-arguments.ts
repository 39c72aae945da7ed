// The checks of the arguments a game passes to the world's queries and the pair functions: a few
// comparisons each, no allocation unless they throw. Each throws the given error class with a
// message naming the call and the argument ("raycast: from.x is NaN").
import { coordinateProblem } from "./scene/field-limits";
import { WorldError } from "./world-error";

type ErrorClass = new (message: string) => Error;

/** What is wrong with a number that must be finite and within the format's ±1e15, or null. */
function numberProblem(v: unknown): string | null {
  if (typeof v !== "number") return `must be a number, got ${v === null ? "null" : typeof v}`;
  if (v !== v) return "is NaN";
  return coordinateProblem(v) === null ? null : `must be between -1e15 and 1e15, got ${v}`;
}

/** `call: name[field] …` unless v is a finite number within ±1e15. */
export function checkNumber(call: string, name: string, field: string, v: unknown, error: ErrorClass = WorldError): void {
  if (typeof v === "number" && v <= 1e15 && v >= -1e15) return;
  throw new error(`${call}: ${name}${field} ${numberProblem(v)!}`);
}

/** A box { minX, minY, maxX, maxY } of numbers, none NaN (an infinite bound reaches everything). */
export function checkBox(call: string, box: unknown): void {
  checkObject(call, "box", box, "a box { minX, minY, maxX, maxY }");
  const b = box as Record<"minX" | "minY" | "maxX" | "maxY", unknown>, minX = b.minX, minY = b.minY, maxX = b.maxX, maxY = b.maxY;
  // x === x is false only for NaN.
  if (typeof minX === "number" && minX === minX && typeof minY === "number" && minY === minY && typeof maxX === "number" && maxX === maxX && typeof maxY === "number" && maxY === maxY) return;
  for (const [field, v] of [["minX", minX], ["minY", minY], ["maxX", maxX], ["maxY", maxY]] as const) {
    if (typeof v !== "number" || v !== v) throw new WorldError(`${call}: ${field} ${typeof v === "number" ? "is NaN" : `must be a number, got ${v === null ? "null" : typeof v}`}`);
  }
}

/** `call: name must be an object …` unless v is a non-null object. */
export function checkObject(call: string, name: string, v: unknown, what: string, error: ErrorClass = WorldError): void {
  if (typeof v === "object" && v !== null) return;
  throw new error(`${call}: ${name} must be ${what}, got ${v === null ? "null" : typeof v}`);
}

/**
 * A point { x, y } of finite numbers within ±1e15. The fields are read and tested here, not handed
 * to checkNumber: optimized code boxes a number passed to a call it does not inline.
 */
export function checkPoint(call: string, name: string, p: unknown, error: ErrorClass = WorldError): void {
  checkObject(call, name, p, "a point { x, y }", error);
  const x = (p as { x: unknown }).x, y = (p as { y: unknown }).y;
  if (typeof x === "number" && x <= 1e15 && x >= -1e15 && typeof y === "number" && y <= 1e15 && y >= -1e15) return;
  checkNumber(call, name, ".x", x, error);
  checkNumber(call, name, ".y", y, error);
}

/** A collision mask: undefined, or a whole number in [0, 2³²). */
export function checkMask(call: string, name: string, mask: unknown): void {
  if (mask === undefined || (typeof mask === "number" && Number.isInteger(mask) && mask >= 0 && mask <= 0xffffffff)) return;
  throw new WorldError(`${call}: ${name} must be a whole number from 0 to 2^32 - 1, got ${typeof mask === "number" ? mask : mask === null ? "null" : typeof mask}`);
}

/** A query's options: undefined, or an object whose fields are each absent or of their type. */
export function checkOptions(call: string, options: unknown): void {
  if (options === undefined) return;
  checkObject(call, "options", options, "an object", WorldError);
  const { mode, mask, ignore, reportInside, includeSensors } = options as Record<string, unknown>;
  if (mode !== undefined && mode !== "closest" && mode !== "all" && mode !== "any") {
    throw new WorldError(`${call}: options.mode must be "closest", "all" or "any", got ${typeof mode === "string" ? JSON.stringify(mode) : typeof mode}`);
  }
  checkMask(call, "options.mask", mask);
  if (ignore !== undefined && (typeof ignore !== "object" || ignore === null || typeof (ignore as { has?: unknown }).has !== "function")) {
    throw new WorldError(`${call}: options.ignore must be a Set of ids, got ${ignore === null ? "null" : typeof ignore}`);
  }
  if (reportInside !== undefined && typeof reportInside !== "boolean") throw new WorldError(`${call}: options.reportInside must be true or false, got ${typeof reportInside}`);
  if (includeSensors !== undefined && typeof includeSensors !== "boolean") throw new WorldError(`${call}: options.includeSensors must be true or false, got ${typeof includeSensors}`);
}

/** A geometry from the make… functions: an object whose kind is one of the four. */
export function checkGeometry(call: string, name: string, g: unknown, error: ErrorClass = WorldError): void {
  const kind = typeof g === "object" && g !== null ? (g as { kind?: unknown }).kind : undefined;
  if (kind === 0 || kind === 1 || kind === 2 || kind === 3) return;
  throw new error(`${call}: ${name} must be a geometry made by makeCircle, makeBox, makeCapsule, makePolygon, makeSegment or makeCompound (its .value), got ${g === null ? "null" : typeof g}`);
}

/**
 * A transform { px, py, c, s }: a position within ±1e15 and a rotation's cosine and sine, whose
 * squares sum to 1 (within 1e-6: a scale is not a rotation, and would give wrong answers).
 */
export function checkTransform(call: string, name: string, xf: unknown, error: ErrorClass = WorldError): void {
  checkObject(call, name, xf, "a transform { px, py, c, s }", error);
  const t = xf as { px: unknown; py: unknown; c: unknown; s: unknown }, px = t.px, py = t.py, c = t.c, s = t.s;
  if (typeof px === "number" && px <= 1e15 && px >= -1e15 && typeof py === "number" && py <= 1e15 && py >= -1e15
    && typeof c === "number" && typeof s === "number" && Math.abs(c * c + s * s - 1) <= 1e-6) return;
  checkNumber(call, name, ".px", px, error);
  checkNumber(call, name, ".py", py, error);
  checkNumber(call, name, ".c", c, error);
  checkNumber(call, name, ".s", s, error);
  throw new error(`${call}: ${name}.c and .s must be a rotation's cosine and sine (c² + s² = 1), got ${c as number} and ${s as number}`);
}

/** A world's options: undefined, or an object whose `filter` is absent or one of the rules. */
export function checkWorldOptions(call: string, options: unknown): void {
  if (options === undefined) return;
  checkObject(call, "options", options, "an object");
  const filter = (options as { filter?: unknown }).filter;
  if (filter !== undefined && filter !== "godot" && filter !== "box2d" && filter !== "none") {
    throw new WorldError(`${call}: options.filter must be "godot", "box2d" or "none", got ${typeof filter === "string" ? JSON.stringify(filter) : filter === null ? "null" : typeof filter}`);
  }
}
