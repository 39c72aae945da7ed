// The end of an exhaustive switch over a union: the compiler proves it unreachable, so a new member
// of the union (a shape kind) is a compile error at every switch that does not handle it yet.
export function assertNever(value: never, what = "case"): never {
  throw new Error(`unhandled ${what}: ${JSON.stringify(value)}`);
}
