// What a person types into a number field: a number, or arithmetic on numbers as a calculator
// reads it ("100+25", "=64*2", "(10+2)/4", "-3*2"). A small recursive-descent parser: the page's
// Content Security Policy forbids eval and Function, and a field must never run code.
//
//   input   := "="? sum
//   sum     := product (("+" | "-") product)*
//   product := unary (("*" | "/") unary)*
//   unary   := ("-" | "+") unary | "(" sum ")" | number
//   number  := digits ["." digits] | "." digits, then an optional exponent ("1e-9", as files write)
//
// Operators are left-associative, * and / bind tighter than + and −, and a unary minus binds
// tightest ("-3*2" is (−3)·2). "−" (U+2212), "×" and "÷" read as -, * and /.

export type Evaluated = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly message: string };

/** Deeper nesting than this is refused rather than risking the call stack. */
const MAX_DEPTH = 200;

const NUMBER = /\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?/y;
const SAME_AS: Readonly<Record<string, string>> = { "\u2212": "-", "×": "*", "÷": "/" };

class Malformed extends Error {}

class Parser {
  private at = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  /** The next character that is not white space, as an operator ("" at the end). */
  private peek(): string {
    while (this.at < this.text.length && /\s/.test(this.text[this.at]!)) this.at++;
    const c = this.text[this.at] ?? "";
    return SAME_AS[c] ?? c;
  }

  private eat(c: string): boolean {
    if (this.peek() !== c) return false;
    this.at++;
    return true;
  }

  input(): number {
    this.eat("=");
    const v = this.sum();
    if (this.peek() !== "") throw new Malformed();
    return v;
  }

  private sum(): number {
    let v = this.product();
    for (;;) {
      if (this.eat("+")) v = v + this.product();
      else if (this.eat("-")) v = v - this.product();
      else return v;
    }
  }

  private product(): number {
    let v = this.unary();
    for (;;) {
      if (this.eat("*")) v = v * this.unary();
      else if (this.eat("/")) v = v / this.unary();
      else return v;
    }
  }

  private unary(): number {
    if (++this.depth > MAX_DEPTH) throw new Malformed();
    try {
      if (this.eat("-")) return -this.unary();
      if (this.eat("+")) return this.unary();
      if (this.eat("(")) {
        const v = this.sum();
        if (!this.eat(")")) throw new Malformed();
        return v;
      }
      return this.number();
    } finally {
      this.depth--;
    }
  }

  private number(): number {
    this.peek();
    NUMBER.lastIndex = this.at;
    const m = NUMBER.exec(this.text);
    if (!m) throw new Malformed();
    this.at += m[0].length;
    return Number(m[0]);
  }
}

/**
 * The value of typed `text`: a number, or + − * / and parentheses on numbers, with an optional
 * leading "=". Refuses empty text, anything else ("not a number or sum: …"), and results that are
 * not finite (1/0, 1e999). Never throws.
 */
export function evaluateNumberExpression(text: string): Evaluated {
  const t = text.trim();
  if (t === "") return { ok: false, message: "enter a number" };
  let value: number;
  try {
    value = new Parser(t).input();
  } catch (err) {
    if (err instanceof Malformed) return { ok: false, message: `not a number or sum: ${t}` };
    throw err;
  }
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, message: `not a finite number: ${t}` };
}
