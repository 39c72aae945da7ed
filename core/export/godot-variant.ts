// Values as Godot's text resources (.tscn) write them, checked against VariantWriter and the
// tokenizer in core/variant/variant_parser.cpp (Godot 3 and 4): Godot 4 writes constructors without
// inner spaces ("Vector2(1, 2)"), Godot 3 with them ("Vector2( 1, 2 )"); both parsers skip spaces.
import type { JsonValue, Point } from "../scene/types";

export type GodotVersion = 3 | 4;

/**
 * The shortest decimal that reads back as `n`, never in exponent form: Godot's tokenizer reads a
 * number without "." or "e-" as an integer ("1e+21" would overflow one), and String() writes
 * exponents below 1e-6. Never "-0"; NaN and infinities (not in a valid scene) become 0.
 */
export function godotNumber(n: number): string {
  if (!Number.isFinite(n) || n === 0) return "0";
  const s = String(n);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const sign = m[1]!, digits = m[2]! + (m[3] ?? ""), point = 1 + Number(m[4]);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + "0".repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A float property: always with a point ("24.0", as Godot writes floats) so it loads as a float. */
export function godotReal(n: number): string {
  const s = godotNumber(n);
  return s.includes(".") ? s : `${s}.0`;
}

const ESCAPES: Readonly<Record<string, string>> = { "\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

/**
 * A quoted string. The parser knows \b \t \n \f \r \uXXXX and reads any other escaped character as
 * itself (\" and \\). Other control characters go as \u00XX; everything else is written as UTF-8:
 * Godot 3 decodes a string's bytes as UTF-8 after unescaping, which garbles \u escapes above U+007F.
 */
export function godotString(s: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${s.replace(/[\\"\u0000-\u001f]/g, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}"`;
}

/** Godot's constructor syntax: Name(a, b) in 4, Name( a, b ) in 3; empty is Name() / Name(  ). */
function construct(name: string, args: readonly string[], version: GodotVersion): string {
  return version === 4 ? `${name}(${args.join(", ")})` : `${name}( ${args.join(", ")} )`;
}

export const godotVector2 = (x: number, y: number, version: GodotVersion): string => construct("Vector2", [godotNumber(x), godotNumber(y)], version);

/** PackedVector2Array in Godot 4, PoolVector2Array in Godot 3: flat x, y pairs. */
export function godotVector2Array(points: readonly Point[], version: GodotVersion): string {
  return construct(version === 4 ? "PackedVector2Array" : "PoolVector2Array", points.flatMap(([x, y]) => [godotNumber(x), godotNumber(y)]), version);
}

/** "#rrggbb" or "#rrggbbaa" as Color(r, g, b, a), components in 0–1 (alpha 1 when absent). */
export function godotColor(hex: string, version: GodotVersion): string {
  const byte = (i: number, fallback: number) => {
    const v = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
    return Number.isNaN(v) ? fallback : v;
  };
  return construct("Color", [0, 1, 2, 3].map((i) => godotNumber(byte(i, i === 3 ? 255 : 0) / 255)), version);
}

/** Color(r, g, b, a) from components in 0–1, written exactly. */
export const godotRgba = (r: number, g: number, b: number, a: number, version: GodotVersion): string => construct("Color", [r, g, b, a].map(godotNumber), version);

/** A reference to an [ext_resource]: string ids in Godot 4, integer ids in Godot 3. */
export const godotExtResource = (id: string, version: GodotVersion): string => (version === 4 ? `ExtResource(${godotString(id)})` : `ExtResource( ${id} )`);

/** A reference to a [sub_resource]: string ids in Godot 4, integer ids in Godot 3. */
export const godotSubResource = (id: string, version: GodotVersion): string => (version === 4 ? `SubResource(${godotString(id)})` : `SubResource( ${id} )`);

/**
 * A JSON value as Godot's: objects as Dictionaries (string keys), arrays as Arrays, whole numbers as
 * ints and others as floats, null as null (a class property's members).
 */
export function godotJson(value: JsonValue, version: GodotVersion): string {
  if (value === null) return "null";
  if (typeof value === "string") return godotString(value);
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number") return Number.isInteger(value) ? godotNumber(value) : godotReal(value);
  if (Array.isArray(value)) return `[${value.map((v: JsonValue) => godotJson(v, version)).join(", ")}]`;
  const entries = Object.entries(value as { readonly [key: string]: JsonValue });
  return entries.length === 0 ? "{}" : `{\n${entries.map(([k, v]) => `${godotString(k)}: ${godotJson(v, version)}`).join(",\n")}\n}`;
}

/** A NodePath, written alike in Godot 3 and 4: NodePath("../Ground/Door"); NodePath("") is none. */
export const godotNodePath = (path: string): string => `NodePath(${godotString(path)})`;
