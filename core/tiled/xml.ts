// XML as Tiled's files use it, read with fast-xml-parser into a small element tree: names,
// attributes, child elements and the character data directly inside each element, every element
// with the line and column of its "<". Entity references are decoded here, not by the parser:
// the five predefined entities and character references (&#10;, &#x41;), as Qt's reader does;
// any other reference is an error (a DTD's own entities are not expanded, so none can blow up).
// Attribute values have literal tabs and line breaks turned into spaces (XML's attribute-value
// normalization); character references keep them.
import { XMLParser, XMLValidator } from "fast-xml-parser";

export interface XmlElement {
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: readonly XmlElement[];
  /** Character data directly inside the element (text and CDATA sections, in order), references decoded. */
  readonly text: string;
  /** 1-based line and column of the element's "<". */
  readonly line: number;
  readonly column: number;
}

export type XmlParsed =
  | { readonly ok: true; readonly root: XmlElement }
  | { readonly ok: false; readonly message: string; readonly line: number; readonly column: number };

const TEXT = "#text";
const CDATA = "#cdata";
const COMMENT = "#comment";
const ATTRIBUTES = ":@";
const META = XMLParser.getMetaDataSymbol() as unknown as string;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  allowBooleanAttributes: false,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: false,
  captureMetaData: true,
  cdataPropName: CDATA,
  commentPropName: COMMENT,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Group layers nest; Tiled's reader has no limit, and a map is not deep enough to strain the stack.
  maxNestedTags: 10_000,
});

/** Start offset of every line, for turning offsets into line and column. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function lineColumnOf(starts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0, hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Whether `code` is a character XML 1.0 allows (Char production). */
export function isXmlChar(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

/** `raw` with its references decoded; a string naming the fault when one is malformed or unknown. */
function decodeReferences(raw: string): { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string } {
  if (!raw.includes("&")) return { ok: true, text: raw };
  let out = "";
  let i = 0;
  while (i < raw.length) {
    const amp = raw.indexOf("&", i);
    if (amp < 0) {
      out += raw.slice(i);
      break;
    }
    out += raw.slice(i, amp);
    const semi = raw.indexOf(";", amp);
    const name = semi < 0 ? "" : raw.slice(amp + 1, semi);
    if (semi < 0 || name === "" || /[\s&<]/.test(name)) return { ok: false, message: `"&" that starts no reference (write it as &amp;)` };
    if (name.startsWith("#")) {
      const code = /^#x[0-9a-fA-F]+$/.test(name) ? Number.parseInt(name.slice(2), 16) : /^#[0-9]+$/.test(name) ? Number(name.slice(1)) : NaN;
      if (!Number.isInteger(code) || !isXmlChar(code)) return { ok: false, message: `"&${name};" is not a character XML allows` };
      out += String.fromCodePoint(code);
    } else {
      const value = PREDEFINED[name];
      if (value === undefined) return { ok: false, message: `unknown entity "&${name};"` };
      out += value;
    }
    i = semi + 1;
  }
  return { ok: true, text: out };
}

type RawNode = Record<string, unknown>;

class XmlError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

/** The element name of a preserveOrder node: its one key besides the attributes. */
function nodeName(node: RawNode): string {
  for (const key of Object.keys(node)) if (key !== ATTRIBUTES) return key;
  return "";
}

function offsetOf(node: RawNode): number {
  const meta = (node as Record<string, unknown>)[META] as { startIndex?: number } | undefined;
  return meta?.startIndex ?? 0;
}

function build(node: RawNode, starts: readonly number[]): XmlElement {
  const name = nodeName(node);
  const offset = offsetOf(node);
  const attributes = new Map<string, string>();
  const rawAttributes = node[ATTRIBUTES];
  if (typeof rawAttributes === "object" && rawAttributes !== null) {
    for (const [key, value] of Object.entries(rawAttributes as Record<string, unknown>)) {
      const raw = String(value);
      if (raw.includes("<")) throw new XmlError(`attribute "${key}": "<" is not allowed in an attribute value (write it as &lt;)`, offset);
      const decoded = decodeReferences(raw.replace(/[\t\n\r]/g, " "));
      if (!decoded.ok) throw new XmlError(`attribute "${key}": ${decoded.message}`, offset);
      attributes.set(key, decoded.text);
    }
  }
  const children: XmlElement[] = [];
  let text = "";
  const content = node[name];
  for (const child of Array.isArray(content) ? (content as RawNode[]) : []) {
    const childName = nodeName(child);
    if (childName === TEXT) {
      const decoded = decodeReferences(String(child[TEXT]));
      if (!decoded.ok) throw new XmlError(`in <${name}>: ${decoded.message}`, offset);
      text += decoded.text;
    } else if (childName === CDATA) {
      for (const part of child[CDATA] as RawNode[]) text += String(part[TEXT] ?? "");
    } else if (childName !== COMMENT && !childName.startsWith("?")) {
      children.push(build(child, starts));
    }
  }
  return { name, attributes, children, text, ...lineColumnOf(starts, offset) };
}

/** Parses an XML document into its root element, or says where and why it is not well-formed. */
export function parseXml(withBom: string): XmlParsed {
  // A byte-order mark is not part of the document (editors count no column for it).
  const text = withBom.startsWith("\uFEFF") ? withBom.slice(1) : withBom;
  const starts = lineStarts(text);
  if (text.trim() === "") return { ok: false, message: "the file is empty", line: 1, column: 1 };
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    return { ok: false, message: `not well-formed XML: ${msg}`, line: line ?? 1, column: col ?? 1 };
  }
  let nodes: RawNode[];
  try {
    nodes = parser.parse(text) as RawNode[];
  } catch (err) {
    return { ok: false, message: `not well-formed XML: ${err instanceof Error ? err.message : String(err)}`, line: 1, column: 1 };
  }
  const elements = nodes.filter((n) => {
    const name = nodeName(n);
    return name !== TEXT && name !== COMMENT && !name.startsWith("?");
  });
  if (elements.length !== 1) {
    const at = lineColumnOf(starts, elements.length === 0 ? 0 : offsetOf(elements[1]!));
    return { ok: false, message: elements.length === 0 ? "not well-formed XML: no root element" : "not well-formed XML: more than one root element", ...at };
  }
  try {
    return { ok: true, root: build(elements[0]!, starts) };
  } catch (err) {
    if (err instanceof XmlError) return { ok: false, message: `not well-formed XML: ${err.message}`, ...lineColumnOf(starts, err.offset) };
    throw err;
  }
}

/** `text` as XML character data: &, < and > escaped; a carriage return as a reference so it survives line-end normalization. */
export function escapeXmlText(text: string): string {
  return text.replace(/[&<>\r]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&#13;"));
}

/** `text` as a double-quoted attribute value: tabs and line breaks as references so they survive normalization. */
export function escapeXmlAttribute(text: string): string {
  return text.replace(/[&<>"\t\n\r]/g, (c) => {
    switch (c) {
      case "&": return "&amp;";
      case "<": return "&lt;";
      case ">": return "&gt;";
      case '"': return "&quot;";
      case "\t": return "&#9;";
      case "\n": return "&#10;";
      default: return "&#13;";
    }
  });
}

/** The index of the first character XML 1.0 cannot hold (even as a reference), or -1. */
export function firstNonXmlChar(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    if (!isXmlChar(code)) return i;
    if (code > 0xffff) i++;
  }
  return -1;
}
