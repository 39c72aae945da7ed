// Edits from the sidebar's inspector, collision and property panels: pure functions computing the
// next shapes (or refusing with a message, leaving the document untouched), and thin wrappers that
// write the store, one undo step each.
import {
  collisionLayerOf,
  collisionMaskOf,
  COLLISION_BITS,
  INT32_MAX,
  INT32_MIN,
  normalizeDegrees,
  type JsonValue,
  type CollisionLayer,
  type Point,
  type Property,
  type PropertyType,
  type Shape,
} from "../../core";
import { controlCharacterProblem, coordinateProblem, rotationProblem, sizeProblem, withoutControlCharacters } from "../../core/scene/field-rules";
import { COLOR_PATTERN } from "../../core/scene/schema";
import type { Editor } from "../editor/editor";
import type { NumericField } from "../shapes/kind";
import { kindOf } from "../shapes/registry";
import { lockedEditRefusal, type Edit } from "./layer-actions";
import { evaluateNumberExpression } from "./number-expression";

export type { Edit } from "./layer-actions";

export type { NumericField } from "../shapes/kind";

const fieldsOf = (s: Shape): readonly NumericField[] => kindOf(s).fields;

const SIZES: ReadonlySet<NumericField> = new Set(["width", "height", "radius"]);

/** The fields every shape in `shapes` has, in inspector order. */
export function sharedFields(shapes: readonly Shape[]): readonly NumericField[] {
  if (shapes.length === 0) return [];
  return fieldsOf(shapes[0]!).filter((f) => shapes.every((s) => fieldsOf(s).includes(f)));
}

const fieldValue = (s: Shape, f: NumericField): number | undefined => (f in s ? (s as unknown as Record<string, number>)[f] : undefined);

/** The one value the shapes share, "mixed" when they differ, undefined when none has the field. */
export function sharedValue<T>(shapes: readonly Shape[], read: (s: Shape) => T | undefined): T | "mixed" | undefined {
  let first: T | undefined;
  for (const [i, s] of shapes.entries()) {
    const v = read(s);
    if (i === 0) first = v;
    else if (v !== first) return "mixed";
  }
  return first;
}

export const sharedNumber = (shapes: readonly Shape[], f: NumericField) => sharedValue(shapes, (s) => fieldValue(s, f));

/** What a typed number is: a size (width, height, radius), an angle in degrees (rotation) or any other coordinate. */
export type NumberKind = "coordinate" | "size" | "angle";

export const numberKindOf = (field: NumericField): NumberKind => (SIZES.has(field) ? "size" : field === "rotation" ? "angle" : "coordinate");

/**
 * A coordinate, a size or an angle as the file format takes it, or refused in its own words. An
 * angle has a coordinate's limits (a rotation is a number of the format like any other), said in degrees.
 */
function checkNumber(v: number, kind: NumberKind): Edit<number> {
  if (!Number.isFinite(v)) return { ok: false, message: "must be a finite number" };
  const problem = kind === "size" ? sizeProblem(v) : kind === "angle" ? rotationProblem(v) : coordinateProblem(v);
  return problem === null ? { ok: true, value: v } : { ok: false, message: problem };
}

/** Parses typed text (a number or a sum such as "100+25", see number-expression.ts) as a coordinate, a size or an angle. */
export function parseNumber(text: string, kind: NumberKind = "coordinate"): Edit<number> {
  const typed = evaluateNumberExpression(text);
  return typed.ok ? checkNumber(typed.value, kind) : typed;
}

/**
 * Sets one numeric field on every shape `ids`; refuses the whole edit if any shape would be invalid.
 * A rotation is kept in (−180, 180]: a typed 270 is −90.
 */
export function shapesWithField(shapes: readonly Shape[], ids: readonly string[], field: NumericField, typed: number): Edit<readonly Shape[]> {
  const checked = checkNumber(typed, numberKindOf(field));
  if (!checked.ok) return checked;
  const value = field === "rotation" ? normalizeDegrees(typed) : typed;
  const targets = new Set(ids);
  const next: Shape[] = [];
  let changed = false;
  for (const s of shapes) {
    if (!targets.has(s.id)) {
      next.push(s);
      continue;
    }
    if (!fieldsOf(s).includes(field)) return { ok: false, message: `a ${s.type} has no ${field}` };
    const refused = kindOf(s).checkField(s, field, value);
    if (refused) return { ok: false, message: refused };
    if (fieldValue(s, field) === value) next.push(s);
    else {
      next.push({ ...s, [field]: value } as Shape);
      changed = true;
    }
  }
  return { ok: true, value: changed ? next : shapes };
}

/** Moves one point of a shape made of points; refuses what its kind's rule refuses, with the rule's message. */
export function shapesWithPoint(shapes: readonly Shape[], id: string, index: number, point: Point): Edit<readonly Shape[]> {
  const s = shapes.find((x) => x.id === id);
  const rule = s && kindOf(s).pointsRule;
  if (!s || !rule || !("points" in s)) return { ok: false, message: `${id} has no points` };
  if (index < 0 || index >= s.points.length) return { ok: false, message: `no point ${index}` };
  for (const v of point) {
    const c = checkNumber(v, "coordinate");
    if (!c.ok) return c;
  }
  const points = s.points.map((p, i) => (i === index ? point : p));
  const problem = rule(points, s);
  if (problem) return { ok: false, message: problem };
  return { ok: true, value: shapes.map((x) => (x === s ? { ...s, points } : x)) };
}

/** Applies `change` to the shapes `ids`; the array stays the same object when nothing changes. */
function mapShapes(shapes: readonly Shape[], ids: readonly string[], change: (s: Shape) => Shape): readonly Shape[] {
  const targets = new Set(ids);
  let changed = false;
  const next = shapes.map((s) => {
    if (!targets.has(s.id)) return s;
    const t = change(s);
    if (t !== s) changed = true;
    return t;
  });
  return changed ? next : shapes;
}

/** A name or id as the format takes it (no control characters), or refused in its words. */
export function checkLabel(text: string): Edit<string> {
  const problem = controlCharacterProblem(text);
  return problem ? { ok: false, message: problem } : { ok: true, value: text };
}

/** Sets an optional text field of shapes; "" takes it away (unnamed, no class). */
function shapesWithText(shapes: readonly Shape[], ids: readonly string[], field: "name" | "class", text: string): readonly Shape[] {
  return mapShapes(shapes, ids, (s) => {
    if ((s[field] ?? "") === text) return s;
    const { [field]: _old, ...rest } = s;
    return (text === "" ? rest : { ...rest, [field]: text }) as Shape;
  });
}

/** Names shapes; "" removes the name (unnamed). */
export const shapesNamed = (shapes: readonly Shape[], ids: readonly string[], name: string): readonly Shape[] => shapesWithText(shapes, ids, "name", name);

/** Gives shapes a class (Tiled's class: what kind of thing it is in the game); "" removes it. */
export const shapesClassed = (shapes: readonly Shape[], ids: readonly string[], cls: string): readonly Shape[] => shapesWithText(shapes, ids, "class", cls);

/** Shows or hides shapes (Tiled's object visibility); shown is written as an absent field. */
export function shapesShown(shapes: readonly Shape[], ids: readonly string[], visible: boolean): readonly Shape[] {
  return mapShapes(shapes, ids, (s) => {
    if ((s.visible !== false) === visible) return s;
    const { visible: _old, ...rest } = s;
    return (visible ? rest : { ...rest, visible: false }) as Shape;
  });
}

/** The on-off fields of shapes: `sensor` on every kind, `closed` and `oneSided` on chains. */
export type ShapeFlag = "sensor" | "closed" | "oneSided";

/** Whether the shape has the flag at all (a box has no `closed`). */
export const hasFlag = (s: Shape, flag: ShapeFlag): boolean => flag === "sensor" || s.type === "chain";

/** Whether the flag is on (absent is off). */
export const flagOn = (s: Shape, flag: ShapeFlag): boolean => (s as { readonly [K in ShapeFlag]?: boolean })[flag] === true;

/**
 * Turns a flag on or off on every shape `ids` that has it; off is written as an absent field.
 * Refuses the whole edit when a shape cannot take it (a chain of 2 points cannot close).
 */
export function shapesWithFlag(shapes: readonly Shape[], ids: readonly string[], flag: ShapeFlag, on: boolean): Edit<readonly Shape[]> {
  let refused: string | null = null;
  const next = mapShapes(shapes, ids, (s) => {
    if (!hasFlag(s, flag) || flagOn(s, flag) === on) return s;
    if (flag === "closed" && on && "points" in s && s.points.length < 3) {
      refused ??= `${s.id}: a closed chain needs at least 3 points, it has ${s.points.length}`;
      return s;
    }
    const { [flag]: _old, ...rest } = s as Shape & { readonly [K in ShapeFlag]?: boolean };
    return (on ? { ...rest, [flag]: true } : rest) as Shape;
  });
  return refused ? { ok: false, message: refused } : { ok: true, value: next };
}

// Collision category bits: bit 1 is the lowest; values are unsigned 32-bit numbers.
export type BitField = "collisionLayer" | "collisionMask";
const readBits = (s: Shape, field: BitField) => (field === "collisionLayer" ? collisionLayerOf(s) : collisionMaskOf(s));
const mask = (bit: number) => 2 ** (bit - 1);

export function hasBit(value: number, bit: number): boolean {
  return Math.floor(value / mask(bit)) % 2 === 1;
}

/** `value` with bit `bit` on or off. */
export function withBit(value: number, bit: number, on: boolean): number {
  return hasBit(value, bit) === on ? value : on ? value + mask(bit) : value - mask(bit);
}

/** "on" or "off" when all shapes agree on the bit, else "mixed". */
export function bitState(shapes: readonly Shape[], field: BitField, bit: number): "on" | "off" | "mixed" {
  const v = sharedValue(shapes, (s) => hasBit(readBits(s, field), bit));
  return v === "mixed" ? "mixed" : v ? "on" : "off";
}

export function shapesWithBit(shapes: readonly Shape[], ids: readonly string[], field: BitField, bit: number, on: boolean): readonly Shape[] {
  if (!Number.isInteger(bit) || bit < 1 || bit > COLLISION_BITS) return shapes;
  return mapShapes(shapes, ids, (s) => {
    const v = readBits(s, field);
    if (hasBit(v, bit) === on) return s;
    return { ...s, [field]: withBit(v, bit, on) } as Shape;
  });
}

/** Names a category bit; an empty name removes it. Kept sorted by bit; control characters are left out. */
export function collisionLayersNamed(list: readonly CollisionLayer[], bit: number, name: string): readonly CollisionLayer[] {
  const trimmed = withoutControlCharacters(name).trim();
  const rest = list.filter((c) => c.bit !== bit);
  if ((list.find((c) => c.bit === bit)?.name ?? "") === trimmed) return list;
  return trimmed === "" ? rest : [...rest, { bit, name: trimmed }].sort((a, b) => a.bit - b.bit);
}

// Custom properties, as Tiled's: a name unique per shape, a type and a value.
export const DEFAULT_VALUES: { readonly [T in PropertyType]: Extract<Property, { type: T }>["value"] } = {
  string: "",
  number: 0,
  int: 0,
  float: 0,
  boolean: false,
  color: "#000000",
  file: "",
  object: 0,
  class: {},
};

/** A whole number Tiled's int holds, from any number (0 for what is not one). */
const toInt = (n: number, min = INT32_MIN): number => (Number.isFinite(n) ? Math.min(INT32_MAX, Math.max(min, Math.trunc(n))) : 0);

/** A class's members read from JSON text, or null when the text is not a JSON object. */
export function parseMembers(text: string): { readonly [member: string]: JsonValue } | null {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as { readonly [member: string]: JsonValue }) : null;
  } catch {
    return null;
  }
}

/** The value carried over to another type: "3" ↔ 3, 0 ↔ false, 2.7 → int 2, a colour stays a colour string, a class's members ↔ their JSON text. */
export function convertProperty(p: Property, type: PropertyType): Property {
  if (p.type === type) return p;
  const v = p.value;
  const base = { name: p.name, ...(p.propertytype === undefined ? {} : { propertytype: p.propertytype }) };
  const text = typeof v === "object" ? JSON.stringify(v) : String(v);
  const n = typeof v === "boolean" ? (v ? 1 : 0) : typeof v === "object" ? 0 : Number(v);
  switch (type) {
    case "string":
    case "file":
      return { ...base, type, value: text };
    case "number":
    case "float":
      return { ...base, type, value: Number.isFinite(n) ? n : 0 };
    case "int":
      return { ...base, type, value: toInt(n) };
    case "object":
      return { ...base, type, value: toInt(n, 0) };
    case "boolean":
      return { ...base, type, value: typeof v === "number" ? v !== 0 : typeof v === "boolean" ? v : typeof v === "string" ? /^(true|yes|1)$/i.test(v.trim()) : false };
    case "color":
      return { ...base, type, value: typeof v === "string" && COLOR_PATTERN.test(v.trim()) ? v.trim().toLowerCase() : DEFAULT_VALUES.color };
    case "class":
      return { ...base, type, value: typeof v === "string" ? (parseMembers(v) ?? {}) : {} };
  }
}

/** A typed value as a property of `type` takes it, or refused in the format's words. */
export function checkPropertyValue(type: PropertyType, value: Property["value"]): Edit<Property["value"]> {
  switch (type) {
    case "number":
    case "float":
      return typeof value === "number" && Number.isFinite(value) ? { ok: true, value } : { ok: false, message: "must be a finite number" };
    case "int":
    case "object":
      if (typeof value !== "number" || !Number.isInteger(value)) return { ok: false, message: "must be a whole number" };
      if (value < (type === "object" ? 0 : INT32_MIN) || value > INT32_MAX) return { ok: false, message: type === "object" ? "must be an object id from 0 (none) to 2147483647" : "must be between -2147483648 and 2147483647 (Tiled's int)" };
      return { ok: true, value };
    case "boolean":
      return typeof value === "boolean" ? { ok: true, value } : { ok: false, message: "must be true or false" };
    case "color":
      return typeof value === "string" && COLOR_PATTERN.test(value) ? { ok: true, value } : { ok: false, message: 'must be a colour "#rrggbb" or "#rrggbbaa"' };
    case "string":
    case "file":
      return typeof value === "string" ? { ok: true, value } : { ok: false, message: "must be text" };
    case "class":
      return typeof value === "object" && value !== null && !Array.isArray(value) ? { ok: true, value } : { ok: false, message: 'must be a JSON object of member values, such as {"open": true}' };
  }
}

/** The property names every shape `ids` has (the ones the panel lists for a multi-selection). */
export function sharedPropertyNames(shapes: readonly Shape[]): readonly string[] {
  if (shapes.length === 0) return [];
  const first = (shapes[0]!.properties ?? []).map((p) => p.name);
  return first.filter((n) => shapes.every((s) => s.properties?.some((p) => p.name === n)));
}

const propsOf = (s: Shape): readonly Property[] => s.properties ?? [];
const withProps = (s: Shape, properties: readonly Property[]): Shape => {
  const { properties: _old, ...rest } = s;
  return (properties.length === 0 ? rest : { ...rest, properties }) as Shape;
};

function checkName(name: string): Edit<string> {
  const n = name.trim();
  return n === "" ? { ok: false, message: "a property needs a name" } : checkLabel(n);
}

export function shapesWithNewProperty(shapes: readonly Shape[], ids: readonly string[], name: string, type: PropertyType): Edit<readonly Shape[]> {
  const n = checkName(name);
  if (!n.ok) return n;
  const targets = shapes.filter((s) => ids.includes(s.id));
  if (targets.length === 0) return { ok: false, message: "select a shape first" };
  if (targets.some((s) => propsOf(s).some((p) => p.name === n.value))) return { ok: false, message: `a property named "${n.value}" already exists` };
  const property = { name: n.value, type, value: DEFAULT_VALUES[type] } as Property;
  return { ok: true, value: mapShapes(shapes, ids, (s) => withProps(s, [...propsOf(s), property])) };
}

export function shapesWithPropertyRenamed(shapes: readonly Shape[], ids: readonly string[], from: string, to: string): Edit<readonly Shape[]> {
  const n = checkName(to);
  if (!n.ok) return n;
  if (n.value === from) return { ok: true, value: shapes };
  const targets = shapes.filter((s) => ids.includes(s.id));
  if (targets.some((s) => propsOf(s).some((p) => p.name === n.value))) return { ok: false, message: `a property named "${n.value}" already exists` };
  return { ok: true, value: mapShapes(shapes, ids, (s) => withProps(s, propsOf(s).map((p) => (p.name === from ? { ...p, name: n.value } : p)))) };
}

export function shapesWithPropertyType(shapes: readonly Shape[], ids: readonly string[], name: string, type: PropertyType): readonly Shape[] {
  return mapShapes(shapes, ids, (s) => (propsOf(s).some((p) => p.name === name && p.type !== type) ? withProps(s, propsOf(s).map((p) => (p.name === name ? convertProperty(p, type) : p))) : s));
}

/** What kind of value each type holds: values of one kind go to another type unconverted (then checked). */
const KIND_OF: { readonly [T in PropertyType]: "text" | "number" | "boolean" | "members" } = {
  string: "text", file: "text", color: "text", number: "number", int: "number", float: "number", object: "number", boolean: "boolean", class: "members",
};

/** A bare value as the property whose type it plainly has. */
const naturalProperty = (name: string, value: Property["value"]): Property =>
  typeof value === "string" ? { name, type: "string", value } : typeof value === "number" ? { name, type: "number", value } : typeof value === "boolean" ? { name, type: "boolean", value } : { name, type: "class", value };

/** Sets a property's value on every shape that has it, as each one's type takes it; refuses a value one of them cannot take. */
export function shapesWithPropertyValue(shapes: readonly Shape[], ids: readonly string[], name: string, value: Property["value"]): Edit<readonly Shape[]> {
  let refused: string | null = null;
  const next = mapShapes(shapes, ids, (s) => {
    const old = propsOf(s).find((p) => p.name === name);
    if (!old || old.value === value) return s;
    // A value of another kind (text for a number, a number for text…): carried over as convertProperty does.
    const natural = naturalProperty(name, value);
    const typed = KIND_OF[natural.type] === KIND_OF[old.type] ? value : convertProperty(natural, old.type).value;
    const checked = checkPropertyValue(old.type, typed);
    if (!checked.ok) {
      refused ??= checked.message;
      return s;
    }
    return withProps(s, propsOf(s).map((p) => (p.name === name ? ({ ...p, value: checked.value } as Property) : p)));
  });
  return refused ? { ok: false, message: refused } : { ok: true, value: next };
}

export function shapesWithoutProperty(shapes: readonly Shape[], ids: readonly string[], name: string): readonly Shape[] {
  return mapShapes(shapes, ids, (s) => (propsOf(s).some((p) => p.name === name) ? withProps(s, propsOf(s).filter((p) => p.name !== name)) : s));
}

// Wrappers: each writes the store once (one undo step) and only when something changed.
function writeShapes(editor: Editor, result: Edit<readonly Shape[]> | readonly Shape[]): Edit<null> {
  const r: Edit<readonly Shape[]> = "ok" in result ? result : { ok: true, value: result };
  if (!r.ok) return r;
  if (r.value !== editor.getState().shapes) editor.update({ shapes: r.value });
  return { ok: true, value: null };
}

/** Runs `edit` on the document's shapes and the selection, and writes what it makes; refused when a selected shape is on a locked layer. */
const onSelection = (editor: Editor, edit: (shapes: readonly Shape[], ids: readonly string[]) => Edit<readonly Shape[]> | readonly Shape[]): Edit<null> => {
  const { shapes, selection, layers } = editor.getState();
  const refused = lockedEditRefusal(editor.shapesWithIds(selection), layers);
  return refused ? { ok: false, message: refused } : writeShapes(editor, edit(shapes, selection));
};

export const setSelectionField = (editor: Editor, field: NumericField, value: number) => onSelection(editor, (s, ids) => shapesWithField(s, ids, field, value));
export const setShapePoint = (editor: Editor, id: string, index: number, point: Point): Edit<null> => {
  const refused = lockedEditRefusal(editor.shapesWithIds([id]), editor.getState().layers);
  return refused ? { ok: false, message: refused } : writeShapes(editor, shapesWithPoint(editor.getState().shapes, id, index, point));
};
export const nameSelection = (editor: Editor, name: string): Edit<null> => {
  const checked = checkLabel(name);
  return checked.ok ? onSelection(editor, (s, ids) => shapesNamed(s, ids, name)) : checked;
};
export const classSelection = (editor: Editor, cls: string) => onSelection(editor, (s, ids) => shapesClassed(s, ids, cls));
export const setSelectionVisible = (editor: Editor, visible: boolean) => onSelection(editor, (s, ids) => shapesShown(s, ids, visible));
export const setSelectionFlag = (editor: Editor, flag: ShapeFlag, on: boolean) => onSelection(editor, (s, ids) => shapesWithFlag(s, ids, flag, on));
export const setSelectionBit = (editor: Editor, field: BitField, bit: number, on: boolean) => onSelection(editor, (s, ids) => shapesWithBit(s, ids, field, bit, on));
export const addSelectionProperty = (editor: Editor, name: string, type: PropertyType) => onSelection(editor, (s, ids) => shapesWithNewProperty(s, ids, name, type));
export const renameSelectionProperty = (editor: Editor, from: string, to: string) => onSelection(editor, (s, ids) => shapesWithPropertyRenamed(s, ids, from, to));
export const setSelectionPropertyType = (editor: Editor, name: string, type: PropertyType) => onSelection(editor, (s, ids) => shapesWithPropertyType(s, ids, name, type));
export const setSelectionPropertyValue = (editor: Editor, name: string, value: Property["value"]) => onSelection(editor, (s, ids) => shapesWithPropertyValue(s, ids, name, value));
export const deleteSelectionProperty = (editor: Editor, name: string) => onSelection(editor, (s, ids) => shapesWithoutProperty(s, ids, name));

export function nameCollisionLayer(editor: Editor, bit: number, name: string): void {
  const { collisionLayers } = editor.getState();
  const next = collisionLayersNamed(collisionLayers, bit, name);
  if (next !== collisionLayers) editor.update({ collisionLayers: next });
}
