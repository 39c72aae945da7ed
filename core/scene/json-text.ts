// Scene text as JSON: the first syntax error's place and wording, and the line and column of a
// JSON path. A small scanner and parser of their own, no dependency: the runtime package's loader
// shares them with parseScene. Tokens, errors and the order errors are met in follow jsonc-parser
// 3.3 (scanner.ts createScanner, parser.ts visit) with comments and trailing commas refused, and
// findNodeAtLocation for paths; test/core/json-text.test.ts holds them to jsonc-parser itself.
// Only the first error matters here, so parsing stops at it (jsonc-parser's recovery never runs),
// and nesting is walked with an explicit stack: any depth, no recursion.
import { lineColumn, type PathSegment, type SceneProblem } from "./errors";

/**
 * The text without a leading byte order mark (U+FEFF), which editors on Windows write and
 * `readFileSync(path, "utf8")` keeps; JSON.parse refuses it. Lines and columns count from after it.
 */
export const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

const EXPECTED_VALUE = "expected a value";
const MALFORMED_NUMBER = "malformed number";
const UNEXPECTED_CHARACTER = "unexpected character";
const UNTERMINATED_STRING = "unterminated string";

/** A value in the text: where it starts; an object's keys (first wins, as findNodeAtLocation) with their offsets; a container's items. */
interface JsonNode {
  readonly at: number;
  readonly keys?: string[];
  readonly keyAt?: number[];
  readonly items?: JsonNode[];
}

/** The first syntax error: its wording (after "not valid JSON: ") and offset. */
class JsonFault {
  constructor(readonly message: string, readonly offset: number) {}
}

/** Characters that end a bare word (jsonc-parser's isUnknownContentCharacter, negated). */
const WORD_END = " \t\n\r{}[]\":,/";

/**
 * Reads `text` as one JSON value and returns its tree (`build`) or nothing. Throws a JsonFault at
 * the first syntax error. Tokens: "{" "}" "[" "]" ":" "," as themselves, '"' a string, "v" a
 * number or keyword, "" the end of the text.
 */
function readJson(text: string, build: boolean): JsonNode | undefined {
  const len = text.length;
  let pos = 0;
  let at = 0;
  const code = (i: number): number => text.charCodeAt(i);
  const isDigit = (c: number): boolean => c >= 48 && c <= 57;
  const fail = (message: string): never => {
    throw new JsonFault(message, at);
  };
  const digits = (): void => {
    while (pos < len && isDigit(code(pos))) pos++;
  };
  const scan = (): string => {
    for (;;) {
      at = pos;
      if (pos >= len) return "";
      const c = code(pos++);
      if (c === 32 || c === 9 || c === 10 || c === 13) continue;
      const ch = text[at]!;
      if ("{}[]:,".includes(ch)) return ch;
      if (c === 34) {
        // jsonc-parser's scanString: a later error in the string replaces an earlier one.
        let error = "";
        for (;;) {
          if (pos >= len) { error = UNTERMINATED_STRING; break; }
          const s = code(pos);
          if (s === 34) { pos++; break; }
          if (s === 92) {
            if (++pos >= len) { error = UNTERMINATED_STRING; break; }
            const e = text[pos++]!;
            if (e === "u") {
              let n = 0;
              while (n < 4 && /[0-9a-fA-F]/.test(text[pos] ?? "")) { pos++; n++; }
              if (n < 4) error = "invalid unicode escape";
            } else if (!"\"\\/bfnrt".includes(e)) error = "invalid escape character";
            continue;
          }
          if (s === 10 || s === 13) { error = UNTERMINATED_STRING; break; }
          if (s < 32) error = "invalid character in string";
          pos++;
        }
        if (error) fail(error);
        return '"';
      }
      if (c === 47 && (text[pos] === "/" || text[pos] === "*")) fail("comments are not allowed in JSON");
      if (c === 45 || isDigit(c)) {
        if (c === 45 && !isDigit(code(pos++))) fail(UNEXPECTED_CHARACTER);
        // A leading 0 stands alone: "01" is two numbers.
        if (code(pos - 1) !== 48) digits();
        if (code(pos) === 46) {
          pos++;
          if (!isDigit(code(pos))) fail(MALFORMED_NUMBER);
          digits();
        }
        if (code(pos) === 69 || code(pos) === 101) {
          pos++;
          if (code(pos) === 43 || code(pos) === 45) pos++;
          if (!isDigit(code(pos))) fail(MALFORMED_NUMBER);
          digits();
        }
        return "v";
      }
      if (c !== 47) while (pos < len && !WORD_END.includes(text[pos]!)) pos++;
      const word = text.slice(at, pos);
      if (word === "true" || word === "false" || word === "null") return "v";
      return fail(UNEXPECTED_CHARACTER);
    }
  };

  /** The containers open around the current token, innermost last; `more` once one item is read. */
  const stack: { node: JsonNode; object: boolean; more: boolean }[] = [];
  let root: JsonNode | undefined;
  let key = "", keyAt = 0;
  let t = scan();
  for (;;) {
    // t starts a value.
    const open = t === "{" || t === "[";
    if (!open && t !== '"' && t !== "v") fail(EXPECTED_VALUE);
    if (build) {
      const node: JsonNode = t === "{" ? { at, keys: [], keyAt: [], items: [] } : t === "[" ? { at, items: [] } : { at };
      const parent = stack[stack.length - 1]?.node;
      if (!parent) root = node;
      else {
        parent.items!.push(node);
        if (parent.keys) { parent.keys.push(key); parent.keyAt!.push(keyAt); }
      }
      if (open) stack.push({ node, object: t === "{", more: false });
    } else if (open) stack.push({ node: { at }, object: t === "{", more: false });
    t = scan();
    // After a value or an opening bracket: close containers until the next value starts.
    for (;;) {
      const top = stack[stack.length - 1];
      if (!top) {
        if (t) fail("unexpected text after the end of the document");
        return root;
      }
      if (t === (top.object ? "}" : "]")) {
        stack.pop();
        t = scan();
        continue;
      }
      if (!t) fail(top.object ? "expected '}'" : "expected ']'");
      if (t === ",") {
        if (!top.more) fail(EXPECTED_VALUE);
        t = scan();
      } else if (top.more) fail("expected ',' or a closing bracket");
      top.more = true;
      if (top.object) {
        if (t !== '"') fail("expected a property name in double quotes");
        keyAt = at;
        if (build) {
          const raw = text.slice(at, pos);
          key = raw.includes("\\") ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        }
        if (scan() !== ":") fail("expected ':'");
        t = scan();
      }
      break;
    }
  }
}

/** The problem of text that is not JSON, with the line and column of the first syntax error. */
export function syntaxProblem(text: string): SceneProblem {
  let fault: JsonFault | undefined;
  try {
    readJson(text, false);
  } catch (error) {
    if (!(error instanceof JsonFault)) throw error;
    fault = error;
  }
  if (!fault) {
    // Text that JSON.parse refused, but with no error found here.
    return { path: "", message: "not valid JSON", line: 1, column: 1 };
  }
  const message = text.trim() === "" ? "the file is empty (expected a JSON scene)" : `not valid JSON: ${fault.message}`;
  return { path: "", message, ...lineColumn(text, fault.offset) };
}

/**
 * Locates a JSON path in the source, falling back to the nearest ancestor that exists: an
 * object's member at its key, an array's item at its value. The tree is built on the first call
 * only, so a valid file, which asks for no location, never pays for a second parse of its whole
 * text. Text that is not JSON has no locations.
 */
export function jsonLocator(text: string): (path: readonly PathSegment[]) => { line: number; column: number } | undefined {
  let root: JsonNode | null | false = null;
  return (path) => {
    if (root === null) {
      try {
        root = readJson(text, true) ?? false;
      } catch (error) {
        if (!(error instanceof JsonFault)) throw error;
        root = false;
      }
    }
    if (!root) return undefined;
    let node: JsonNode = root, offset = root.at;
    for (const segment of path) {
      const i = node.keys ? (typeof segment === "string" ? node.keys.indexOf(segment) : -1) : typeof segment === "number" ? segment : -1;
      const next = node.items?.[i];
      if (!next) break;
      offset = node.keyAt?.[i] ?? next.at;
      node = next;
    }
    return lineColumn(text, offset);
  };
}
