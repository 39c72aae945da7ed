// Problems found in a scene file, each naming its place: a JSON path, and a line and column.

/** A problem in a scene file: its message, its JSON path (`shapes[3].radius`), and its line and column when the file came as text. */
export interface SceneProblem {
  /** JSON path such as `shapes[3].radius`; empty for the document itself. */
  readonly path: string;
  /** What is wrong, in the command line's words ("must be greater than 0"). */
  readonly message: string;
  /** 1-based line in the source text, when known. */
  readonly line?: number;
  /** 1-based column in the source text, when known. */
  readonly column?: number;
}

export type PathSegment = string | number;

/** `["shapes", 3, "radius"]` → `shapes[3].radius`. */
export function formatPath(segments: readonly PathSegment[]): string {
  let out = "";
  for (const s of segments) {
    if (typeof s === "number") out += `[${s}]`;
    else out += /^[A-Za-z_$][\w$]*$/.test(s) ? (out ? `.${s}` : s) : `[${JSON.stringify(s)}]`;
  }
  return out;
}

/** One line per problem: `FILE:LINE:COL: PATH: MESSAGE` (the parts that are known). */
export function formatProblem(problem: SceneProblem, file?: string): string {
  const where: string[] = [];
  if (file !== undefined) where.push(file);
  if (problem.line !== undefined) where.push(String(problem.line), String(problem.column ?? 1));
  const prefix = where.length ? `${where.join(":")}: ` : "";
  return `${prefix}${problem.path ? `${problem.path}: ` : ""}${problem.message}`;
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
