// Scene text as JSON: the first syntax error's place and wording, and the line and column of a
// JSON path. jsonc-parser only, no zod: the runtime package's loader shares it with parseScene.
import { findNodeAtLocation, parse as parseLenient, parseTree, printParseErrorCode, type ParseError } from "jsonc-parser";
import { lineColumn, type PathSegment, type SceneProblem } from "./errors";

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

/** The problem of text that is not JSON, with the line and column of the first syntax error. */
export function syntaxProblem(text: string): SceneProblem {
  const errors: ParseError[] = [];
  parseLenient(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) {
    // jsonc-parser accepts a few things JSON.parse does not (a trailing comma in some spots).
    return { path: "", message: "not valid JSON", line: 1, column: 1 };
  }
  const name = printParseErrorCode(first.error);
  const at = lineColumn(text, first.offset);
  const message = text.trim() === "" ? "the file is empty (expected a JSON scene)" : `not valid JSON: ${SYNTAX_MESSAGES[name] ?? name}`;
  return { path: "", message, ...at };
}

/**
 * Locates a JSON path in the source, falling back to the nearest ancestor that exists. The syntax
 * tree is built on the first call only, so a valid file, which asks for no location, never pays
 * for a second parse of its whole text.
 */
export function jsonLocator(text: string): (path: readonly PathSegment[]) => { line: number; column: number } | undefined {
  let root: ReturnType<typeof parseTree> | null | false = null;
  return (path) => {
    if (root === null) {
      try {
        root = parseTree(text) ?? false;
      } catch {
        // A file nested thousands deep overflows the tree's recursion: its problems then come
        // with their paths only (regression: parseScene threw on such a refused file).
        root = false;
      }
    }
    if (!root) return undefined;
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(root, path.slice(0, n) as PathSegment[]);
      if (node) {
        // Point at the property name when there is one, as editors do.
        const at = node.parent?.type === "property" && node.parent.children?.[1] === node ? node.parent.offset : node.offset;
        return lineColumn(text, at);
      }
    }
    return undefined;
  };
}
