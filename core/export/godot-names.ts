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
