// Names Godot accepts: node names (String::validate_node_name) and metadata keys (Godot 4's
// Object::set_meta refuses anything but an ASCII identifier), made unique the way Godot does.

/**
 * Characters Godot replaces in node names: String::invalid_node_name_characters is ". : @ / \" %"
 * (% since unique names); control characters are replaced too so a name stays on one line.
 */
// eslint-disable-next-line no-control-regex
const INVALID_NODE_NAME = /[.:@/"%\u0000-\u001f\u007f]/g;

/** A valid node name from `name`, else from `fallback`, else `last`: invalid characters become "_". */
export function nodeName(name: string | undefined, fallback: string, last: string): string {
  for (const candidate of [name, fallback, last]) {
    const clean = (candidate ?? "").replace(INVALID_NODE_NAME, "_").trim();
    if (clean !== "") return clean;
  }
  return last;
}

/**
 * Godot 4's String::validate_identifier: every character outside [A-Za-z0-9_] (and a leading
 * digit) becomes "_"; empty becomes "_". Counted in code points, as Godot's char32 strings are.
 */
export function identifier(name: string): string {
  if (name === "") return "_";
  return Array.from(name, (c, i) => (/^[A-Za-z_]$/.test(c) || (i > 0 && /^[0-9]$/.test(c)) ? c : "_")).join("");
}

/**
 * Hands out names unique within one set (case-sensitive, as Godot's StringName). A taken name gets
 * its trailing number increased, as Godot names a duplicated node: "Box" → "Box2", "Box2" → "Box3".
 */
export class UniqueNames {
  private readonly used = new Set<string>();

  has(name: string): boolean {
    return this.used.has(name);
  }

  take(base: string): string {
    let name = base;
    if (this.used.has(name)) {
      const m = /^(.*?)(\d{1,15})$/.exec(base);
      const stem = m ? m[1]! : base;
      let n = m ? Number(m[2]) : 1;
      do name = `${stem}${++n}`;
      while (this.used.has(name));
    }
    this.used.add(name);
    return name;
  }
}

/** One thing to name among siblings: its names when none of them is shared, else the ones that tell it apart (same count). */
export interface SiblingNames {
  readonly plain: readonly string[];
  readonly distinct: readonly string[];
}

/**
 * Names unique among one parent's children (all Godot needs). Each item keeps its plain names
 * unless another sibling wants one of them; then it takes its distinct ones (made from its id, so
 * deleting or reordering one sibling renames no other). A distinct name still taken (an id made
 * equal by sanitizing, or a sibling named like one) counts up as UniqueNames does.
 */
export function siblingNames(items: readonly SiblingNames[]): string[][] {
  const wanted = new Map<string, number>();
  for (const item of items) for (const name of new Set(item.plain)) wanted.set(name, (wanted.get(name) ?? 0) + 1);
  const chosen = items.map((item) => (item.plain.every((name) => wanted.get(name) === 1) ? item.plain : item.distinct));
  // Plain names that stayed first, so a leftover clash renames a distinct name, never a plain one.
  const taken = new UniqueNames();
  const kept = chosen.map((names, i) => names === items[i]!.plain);
  const out: string[][] = chosen.map(() => []);
  for (const pass of [true, false]) chosen.forEach((names, i) => {
    if (kept[i] === pass) out[i] = names.map((name) => taken.take(name));
  });
  return out;
}
