// json-text.ts's own scanner and parser against jsonc-parser, which the loader used before: the same
// first syntax error (wording, line and column) and the same place for every JSON path, on
// arbitrary text, JSON with random edits, and scene files.
import fc from "fast-check";
import { findNodeAtLocation, parse as parseLenient, parseTree, printParseErrorCode, type ParseError } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { lineColumn, type PathSegment, type SceneProblem } from "../../core/scene/errors";
import { jsonLocator, syntaxProblem } from "../../core/scene/json-text";

// ---- The reference: json-text.ts as it was, on jsonc-parser --------------------------------

const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "malformed number",
  PropertyNameExpected: "expected a property name in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: "expected ':'",
  CommaExpected: "expected ',' or a closing bracket",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: "unexpected text after the end of the document",
  InvalidCommentToken: "comments are not allowed in JSON",
  UnexpectedEndOfComment: "comments are not allowed in JSON",
  UnexpectedEndOfString: "unterminated string",
  UnexpectedEndOfNumber: "malformed number",
  InvalidUnicode: "invalid unicode escape",
  InvalidEscapeCharacter: "invalid escape character",
  InvalidCharacter: "invalid character in string",
};

function referenceSyntaxProblem(text: string): SceneProblem {
  const errors: ParseError[] = [];
  parseLenient(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return { path: "", message: "not valid JSON", line: 1, column: 1 };
  const name = printParseErrorCode(first.error);
  const message = text.trim() === "" ? "the file is empty (expected a JSON scene)" : `not valid JSON: ${SYNTAX_MESSAGES[name] ?? name}`;
  return { path: "", message, ...lineColumn(text, first.offset) };
}

function referenceLocate(text: string, path: readonly PathSegment[]): { line: number; column: number } | undefined {
  const root = parseTree(text);
  if (!root) return undefined;
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(root, path.slice(0, n) as PathSegment[]);
    if (node) {
      const at = node.parent?.type === "property" && node.parent.children?.[1] === node ? node.parent.offset : node.offset;
      return lineColumn(text, at);
    }
  }
  return undefined;
}

// ---- Inputs ----------------------------------------------------------------------------------

/** Characters that matter to a JSON scanner, and a few that do not. */
const JSONISH = [..."{}[]:,\"\\/*-+.0123456789eEtrufalsn \t\n\rxu\u0001\u00a0\u2028é"];
const jsonishText = fc.array(fc.constantFrom(...JSONISH), { maxLength: 40 }).map((cs) => cs.join(""));

/** Valid JSON (some pretty-printed) with a few random edits: deletions, insertions, a cut. */
const editedJson = fc
  .tuple(
    fc.jsonValue({ maxDepth: 4 }),
    fc.boolean(),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 2 }), fc.constantFrom(...JSONISH)), { maxLength: 3 }),
    fc.option(fc.nat()),
  )
  .map(([value, pretty, edits, cut]) => {
    let text = JSON.stringify(value, null, pretty ? 2 : undefined) ?? "null";
    for (const [at, kind, ch] of edits) {
      const i = at % (text.length + 1);
      if (kind === 0) text = text.slice(0, i) + text.slice(i + 1);
      else if (kind === 1) text = text.slice(0, i) + ch + text.slice(i);
      else text = text.slice(0, i) + ch + text.slice(i + 1);
    }
    return cut === null ? text : text.slice(0, cut % (text.length + 1));
  });

/** A JSON value with paths into it: existing ones, and some that go astray at any step. */
const located = fc
  .tuple(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), fc.array(fc.array(fc.oneof(fc.nat({ max: 6 }), fc.string({ maxLength: 3 }), fc.constantFrom("a", "id", "", "\"", "é")), { maxLength: 5 }), { maxLength: 6 }))
  .map(([value, pretty, astray]) => {
    const text = JSON.stringify(value, null, pretty ? 2 : undefined) ?? "null";
    const paths: PathSegment[][] = [...astray];
    const into = (v: unknown, path: PathSegment[]): void => {
      paths.push(path);
      if (Array.isArray(v)) v.forEach((item, i) => into(item, [...path, i]));
      else if (v !== null && typeof v === "object") for (const [k, item] of Object.entries(v)) into(item, [...path, k]);
    };
    into(value, []);
    return { text, paths };
  });

describe("syntaxProblem", () => {
  it("finds jsonc-parser's first error: the same wording, line and column", () => {
    fc.assert(
      fc.property(fc.oneof(jsonishText, editedJson, fc.string({ maxLength: 30 })), (text) => {
        expect(syntaxProblem(text)).toEqual(referenceSyntaxProblem(text));
      }),
      { seed: 2711, numRuns: 4000 },
    );
  });

  it("names each kind of error as before", () => {
    const cases = [
      "", "  \n", "{", "[", "[1,]", "[,1]", "[1 2]", '{"a" 1}', '{"a":}', '{"a":1,}', "{1:2}", '{"a":1} x', "tru", "-", "-x", "01",
      "1.", "1.e3", "1e", "1e+", '"abc', '"a\nb"', '"\\x"', '"\\u12"', '"\\u12g4"', '"a\u0001b"', '"\\q\u0001"', "// c\n1", "/* c */ 1", "/* c", "/",
      "NaN", "[1]]", '{"a":[1,{"b":2]}', "\u00a01", '{"a":1}}',
    ];
    for (const text of cases) expect(syntaxProblem(text), JSON.stringify(text)).toEqual(referenceSyntaxProblem(text));
  });

  it("finds the error in a file nested deeper than the stack (no recursion)", () => {
    const text = `${"[".repeat(200_000)}1,]${"]".repeat(199_999)}`;
    expect(syntaxProblem(text)).toEqual({ path: "", message: "not valid JSON: expected a value", line: 1, column: 200_003 });
  });
});

describe("jsonLocator", () => {
  it("places every path where jsonc-parser's tree does, the nearest ancestor for a path that goes astray", () => {
    fc.assert(
      fc.property(located, ({ text, paths }) => {
        const locate = jsonLocator(text);
        for (const path of paths) expect(locate(path), JSON.stringify(path)).toEqual(referenceLocate(text, path));
      }),
      { seed: 2712, numRuns: 1500 },
    );
  });

  it("takes a key's first occurrence, and decodes escaped keys", () => {
    const text = '{\n  "a": 1,\n  "a": 2,\n  "\\u0062": [10, {"c": 3}]\n}';
    const locate = jsonLocator(text);
    for (const path of [["a"], ["b"], ["b", 1], ["b", 1, "c"], ["b", 5], ["b", "0"], []] as PathSegment[][]) {
      expect(locate(path), JSON.stringify(path)).toEqual(referenceLocate(text, path));
    }
    expect(locate(["b", 1, "c"])).toEqual({ line: 4, column: 19 });
  });

  it("gives no place in text that is not JSON", () => {
    expect(jsonLocator('{"a": [1, }')(["a", 0])).toBeUndefined();
  });
});
