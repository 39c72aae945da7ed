// A Tiled map written as TMJ the way Tiled writes it (Tiled's JSON plugin, JsonWriter::stringify in
// src/plugins/json/qjsonparser/json.cpp), so a map written back after a one-object change differs
// from Tiled's own save in that object alone: keys sorted, `{ "key":value` with one space before
// each key and four more per depth, a list's items separated by ", ", an object in a list on its
// own lines, numbers with at most 15 significant digits, "/" and non-ASCII characters escaped, no
// final newline. Tiled 1.9 and later wrap every list at the map's width (an infinite map's chunk
// width), so a tile layer's rows are a line each; Tiled 1.8 and earlier wrote a list on one line.
import type { JsonObject } from "./types";

/** The list wrap of the Tiled that wrote `map` (its `tiledversion`): 0 for none. */
function wrapCount(map: JsonObject): number {
  const version = typeof map.tiledversion === "string" ? /^(\d+)\.(\d+)/.exec(map.tiledversion) : null;
  const wraps = version === null || Number(version[1]) > 1 || (Number(version[1]) === 1 && Number(version[2]) >= 9);
  if (!wraps) return 0;
  const chunk = typeof map.editorsettings === "object" && map.editorsettings !== null && !Array.isArray(map.editorsettings) ? (map.editorsettings as JsonObject).chunksize : undefined;
  const chunkWidth = typeof chunk === "object" && chunk !== null && !Array.isArray(chunk) && typeof (chunk as JsonObject).width === "number" ? ((chunk as JsonObject).width as number) : 16;
  const width = map.infinite === true ? chunkWidth : map.width;
  return typeof width === "number" && Number.isInteger(width) && width > 0 ? width : 0;
}

/** A string as Tiled's JsonWriter escapes it. */
function escape(text: string): string {
  let out = "";
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (c === "\b") out += "\\b";
    else if (c === "\f") out += "\\f";
    else if (c === "\n") out += "\\n";
    else if (c === "\r") out += "\\r";
    else if (c === "\t") out += "\\t";
    else if (c === '"') out += '\\"';
    else if (c === "\\") out += "\\\\";
    else if (c === "/") out += "\\/";
    else if (code > 127 || c.length > 1) for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, "0")}`;
    else if (code < 0x20) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += c;
  }
  return out;
}

/** A number as Tiled writes it: whole numbers in full, others with 15 significant digits ("g", 15). */
const number = (v: number): string => (!Number.isFinite(v) ? "null" : Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(15))));

/** The map as Tiled's TMJ text. */
export function writeTmj(map: JsonObject): string {
  const wrap = wrapCount(map);
  const indentOf = (depth: number) => "    ".repeat(depth);
  const write = (value: unknown, depth: number): string => {
    if (Array.isArray(value)) {
      let out = "[";
      value.forEach((item: unknown, i) => {
        if (i !== 0) out += wrap !== 0 && i % wrap === 0 ? `,\n${indentOf(depth)}` : ", ";
        out += write(item, depth + 1);
      });
      return `${out}]`;
    }
    if (typeof value === "object" && value !== null) {
      const record = value as Record<string, unknown>;
      const indent = indentOf(depth);
      const keys = Object.keys(record).filter((k) => record[k] !== undefined).sort();
      const entries = keys.map((k) => `${indent} "${escape(k)}":${write(record[k], depth + 1)}`);
      return `${depth === 0 ? "{" : `\n${indent}{\n`}${entries.join(",\n")}\n${indent}}`;
    }
    if (typeof value === "string") return `"${escape(value)}"`;
    if (typeof value === "number") return number(value);
    if (typeof value === "boolean") return value ? "true" : "false";
    return "null";
  };
  return write(map, 0);
}
