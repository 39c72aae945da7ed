// A strict reader of Godot's text scene syntax (the subset the exporter writes), after Godot's
// VariantParser: [tags with key=value], "key = value" properties, strings with \b \t \n \f \r
// \uXXXX escapes (any other escaped character stands for itself), numbers, true/false/null,
// Constructor(args), {dictionaries} and [arrays]. Unlike Godot it refuses a raw control character
// inside a string, so a name or value the exporter failed to escape makes a test fail.

export interface Construct {
  readonly ctor: string;
  readonly args: readonly TscnValue[];
}
export type TscnValue = string | number | boolean | null | Construct | readonly TscnValue[] | ReadonlyMap<TscnValue, TscnValue>;

export interface TscnSection {
  readonly tag: string;
  readonly attrs: ReadonlyMap<string, TscnValue>;
  /** In file order. */
  readonly props: readonly (readonly [string, TscnValue])[];
}

const ESCAPE: Readonly<Record<string, string>> = { b: "\b", t: "\t", n: "\n", f: "\f", r: "\r" };

export function readTscn(text: string): TscnSection[] {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`tscn: ${what} at offset ${i}: ${JSON.stringify(text.slice(i, i + 40))}`);
  };
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const expect = (c: string) => {
    skipSpace();
    if (text[i] !== c) fail(`expected ${JSON.stringify(c)}`);
    i++;
  };
  const identifier = (): string => {
    skipSpace();
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i));
    if (!m) return fail("expected an identifier");
    i += m[0].length;
    return m[0];
  };
  const string = (): string => {
    i++; // the opening quote
    let out = "";
    for (;;) {
      const c = text[i++];
      if (c === undefined) return fail("unterminated string");
      if (c === '"') return out;
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f]/.test(c)) fail("raw control character in a string");
      if (c !== "\\") {
        out += c;
        continue;
      }
      const e = text[i++];
      if (e === undefined) return fail("unterminated escape");
      if (e === "u") {
        const hex = text.slice(i, i + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail("bad \\u escape");
        out += String.fromCharCode(parseInt(hex, 16));
        i += 4;
      } else out += ESCAPE[e] ?? e;
    }
  };
  const value = (): TscnValue => {
    skipSpace();
    const c = text[i];
    if (c === '"') return string();
    if (c === "{") {
      i++;
      const map = new Map<TscnValue, TscnValue>();
      skipSpace();
      if (text[i] === "}") {
        i++;
        return map;
      }
      for (;;) {
        const k = value();
        expect(":");
        map.set(k, value());
        skipSpace();
        if (text[i] === "}") {
          i++;
          return map;
        }
        expect(",");
      }
    }
    if (c === "[") {
      i++;
      return list("]");
    }
    const num = /^-?\d+(\.\d+)?(e[+-]?\d+)?/.exec(text.slice(i));
    if (num) {
      i += num[0].length;
      return Number(num[0]);
    }
    const id = identifier();
    if (id === "true" || id === "false") return id === "true";
    if (id === "null") return null;
    expect("(");
    return { ctor: id, args: list(")") };
  };
  const list = (close: string): TscnValue[] => {
    const out: TscnValue[] = [];
    skipSpace();
    if (text[i] === close) {
      i++;
      return out;
    }
    for (;;) {
      out.push(value());
      skipSpace();
      if (text[i] === close) {
        i++;
        return out;
      }
      expect(",");
    }
  };

  const sections: { tag: string; attrs: Map<string, TscnValue>; props: [string, TscnValue][] }[] = [];
  for (;;) {
    skipSpace();
    if (i >= text.length) return sections;
    if (text[i] === "[") {
      i++;
      const tag = identifier();
      const attrs = new Map<string, TscnValue>();
      for (;;) {
        skipSpace();
        if (text[i] === "]") {
          i++;
          break;
        }
        const key = identifier();
        expect("=");
        if (attrs.has(key)) fail(`duplicate attribute ${key}`);
        attrs.set(key, value());
      }
      sections.push({ tag, attrs, props: [] });
      continue;
    }
    const section = sections.at(-1) ?? fail("property before any section");
    const eq = text.indexOf("=", i);
    if (eq < 0) fail("expected key = value");
    const key = text.slice(i, eq).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_/]*$/.test(key)) fail(`bad property name ${JSON.stringify(key)}`);
    i = eq + 1;
    section.props.push([key, value()]);
  }
}

/** A property of a section, or undefined. */
export const prop = (s: TscnSection, key: string): TscnValue | undefined => s.props.find(([k]) => k === key)?.[1];

/** Lines removed plus lines added between two texts (by their longest common subsequence). */
export function changedLines(a: string, b: string): number {
  const x = a.split("\n"), y = b.split("\n");
  let prev = new Array<number>(y.length + 1).fill(0);
  for (let i = 1; i <= x.length; i++) {
    const row = new Array<number>(y.length + 1).fill(0);
    for (let j = 1; j <= y.length; j++) row[j] = x[i - 1] === y[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    prev = row;
  }
  return x.length + y.length - 2 * prev[y.length]!;
}
