// The checks of the arguments a game passes to the world's queries and the pair functions: a few
// comparisons each, no allocation unless they throw. Each throws the given error class with a
// message naming the call, the argument and what it got ("raycast: from.x must be a finite
// number within ±1e15, got NaN"). Numbers are read and tested where they are checked, never
// handed on to another function: optimized code boxes a number passed to a call it does not inline.
import { WorldError } from "./world-error";

type ErrorClass = new (message: string) => Error;

/**
 * A value as a message shows it: a string JSON-quoted (its first 24 characters), a number, true,
 * null, undefined, a bigint with its n ("1n, a bigint": 1n is no number); else "an array", "a
 * function" or "an object" (no class name: a minified build renames classes).
 */
export const got = (v: unknown): string =>
  typeof v === "string" ? JSON.stringify(v.slice(0, 24)) : typeof v === "bigint" ? `${v}n, a bigint` : Array.isArray(v) ? "an array" : typeof v === "function" ? "a function" : v !== null && typeof v === "object" ? "an object" : String(v);

/** Throws `call: name must be what, got …`. */
export function fail(call: string, name: string, what: string, v: unknown, error: ErrorClass = WorldError): never {
  throw new error(`${call}: ${name} must be ${what}, got ${got(v)}`);
}

const FINITE = "a finite number within ±1e15";
const inRange = (v: unknown): boolean => typeof v === "number" && v <= 1e15 && v >= -1e15;

/** A number finite and within the format's ±1e15. */
export function checkNumber(call: string, name: string, v: unknown, error: ErrorClass = WorldError): void {
  if (!inRange(v)) fail(call, name, FINITE, v, error);
}

/** `call: name must be what …` unless v is a non-null object. */
export function checkObject(call: string, name: string, v: unknown, what: string, error: ErrorClass = WorldError): void {
  if (typeof v !== "object" || v === null) fail(call, name, what, v, error);
}

/** A point { x, y } of finite numbers within ±1e15. */
export function checkPoint(call: string, name: string, p: unknown, error: ErrorClass = WorldError): void {
  // An array too ([x, y], a scene file's point or another engine's habit): "got an array".
  if (typeof p !== "object" || p === null || Array.isArray(p)) fail(call, name, "a point { x, y }", p, error);
  const x = (p as { x: unknown }).x, y = (p as { y: unknown }).y;
  if (!inRange(x)) fail(call, `${name}.x`, FINITE, x, error);
  if (!inRange(y)) fail(call, `${name}.y`, FINITE, y, error);
}

/**
 * A box { minX, minY, maxX, maxY } of numbers, none NaN (an infinite bound reaches everything),
 * min at most max on each axis: an inverted box is refused, as Box2D asserts a valid one. Tested
 * in line (NaN fails every comparison); refuseBox names the problem.
 */
export function checkBox(call: string, box: unknown, error: ErrorClass = WorldError): void {
  checkObject(call, "box", box, "a box { minX, minY, maxX, maxY }", error);
  const b = box as Record<"minX" | "minY" | "maxX" | "maxY", unknown>, minX = b.minX, minY = b.minY, maxX = b.maxX, maxY = b.maxY;
  if (!(typeof minX === "number" && typeof minY === "number" && typeof maxX === "number" && typeof maxY === "number" && minX <= maxX && minY <= maxY)) refuseBox(call, b, error);
}

function refuseBox(call: string, b: Record<string, unknown>, error: ErrorClass): never {
  for (const name of ["minX", "minY", "maxX", "maxY"]) if (typeof b[name] !== "number" || Number.isNaN(b[name])) fail(call, name, "a number", b[name], error);
  const axis = (b.minX as number) <= (b.maxX as number) ? "Y" : "X";
  throw new error(`${call}: min${axis} must be at most max${axis}, got ${got(b[`min${axis}`])} > ${got(b[`max${axis}`])} (an inverted box)`);
}

/**
 * What a message adds for collision bits written as a negative 32-bit integer (`~0`, `1 << 31`,
 * which JavaScript's bit operators give signed): the unsigned value to pass instead.
 */
export const bitsHint = (v: unknown): string =>
  Number.isInteger(v) && (v as number) < 0 && (v as number) >= -0x80000000 ? ` (bits are unsigned: pass ${v} >>> 0, that is ${(v as number) >>> 0})` : "";

/** Collision bits: a whole number in [0, 2³²). */
export function checkBits(call: string, name: string, v: unknown, error: ErrorClass = WorldError): void {
  if (!(Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 0xffffffff)) throw new error(`${call}: ${name} must be ${BITS}, got ${got(v)}${bitsHint(v)}`);
}

export const BITS = "a whole number from 0 to 2^32 - 1";

/** A collision mask: undefined, or collision bits. */
export function checkMask(call: string, name: string, mask: unknown): void {
  if (mask !== undefined) checkBits(call, name, mask);
}

/** The options' names, each a bit of the sets below. */
const OPTION_NAMES = ["mode", "mask", "ignore", "reportInside", "includeSensors", "filter", "ignoreLeaving"];
/** The options each call reads: raycast the queries' five; sweep all but reportInside, and ignoreLeaving; overlapShape (and queryPoint, collideMover) mask, ignore, includeSensors; probe includeSensors; a world filter. */
export const RAY_OPTIONS = 31, SWEEP_OPTIONS = 87, OVERLAP_OPTIONS = 22, PROBE_OPTIONS = 16, WORLD_OPTIONS = 32;

/**
 * Options: an object with no key but those `known` (a set of bits of OPTION_NAMES): a typo such as
 * `masks` would otherwise be ignored. The error names the keys the call reads.
 */
function checkKeys(call: string, options: unknown, known: number): void {
  checkObject(call, "options", options, "an object");
  for (const key in options as object) {
    const i = OPTION_NAMES.indexOf(key);
    if (i < 0 || !((known >> i) & 1)) throw new WorldError(`${call}: options.${key} is not an option of ${call} (it reads ${OPTION_NAMES.filter((_, j) => (known >> j) & 1).join(", ")})`);
  }
}

/** A query's options: undefined, or an object with no key but those `known` whose fields are each absent or of their type. */
export function checkOptions(call: string, options: unknown, known: number): void {
  if (options === undefined) return;
  checkKeys(call, options, known);
  const { mode, mask, ignore, reportInside, includeSensors, ignoreLeaving } = options as Record<string, unknown>;
  if (mode !== undefined && mode !== "closest" && mode !== "all" && mode !== "any") fail(call, "options.mode", `"closest", "all" or "any"`, mode);
  checkMask(call, "options.mask", mask);
  if (ignore !== undefined && typeof (ignore as { has?: unknown } | null)?.has !== "function") fail(call, "options.ignore", "a Set of ids", ignore);
  if (reportInside !== undefined && typeof reportInside !== "boolean") fail(call, "options.reportInside", "true or false", reportInside);
  if (includeSensors !== undefined && typeof includeSensors !== "boolean") fail(call, "options.includeSensors", "true or false", includeSensors);
  if (ignoreLeaving !== undefined && typeof ignoreLeaving !== "boolean") fail(call, "options.ignoreLeaving", "true or false", ignoreLeaving);
}

/** A geometry from the make… functions: an object whose kind is one of the four. */
export function checkGeometry(call: string, name: string, g: unknown, error: ErrorClass = WorldError): void {
  const kind = (g as { kind?: unknown } | null)?.kind;
  if (kind !== 0 && kind !== 1 && kind !== 2 && kind !== 3) fail(call, name, "a geometry (a make… function's .value)", g, error);
}

/**
 * A transform { px, py, c, s }: a position within ±1e15 and a rotation's cosine and sine, whose
 * squares sum to 1 (within 1e-6: a scale is not a rotation, and would give wrong answers).
 */
export function checkTransform(call: string, name: string, xf: unknown, error: ErrorClass = WorldError): void {
  checkObject(call, name, xf, "a transform { px, py, c, s }", error);
  const t = xf as { px: unknown; py: unknown; c: unknown; s: unknown }, c = t.c, s = t.s;
  if (!inRange(t.px)) fail(call, `${name}.px`, FINITE, t.px, error);
  if (!inRange(t.py)) fail(call, `${name}.py`, FINITE, t.py, error);
  if (!(typeof c === "number" && typeof s === "number" && Math.abs(c * c + s * s - 1) <= 1e-6)) fail(call, `${name}.c, .s`, "a rotation's cosine and sine", c, error);
}

/** A world's options: undefined, or an object whose `filter` is absent or one of the rules. */
export function checkWorldOptions(call: string, options: unknown): void {
  if (options === undefined) return;
  checkKeys(call, options, WORLD_OPTIONS);
  const filter = (options as { filter?: unknown }).filter;
  if (filter !== undefined && filter !== "godot" && filter !== "box2d" && filter !== "none") fail(call, "options.filter", `"godot", "box2d" or "none"`, filter);
}
