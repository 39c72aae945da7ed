// The fields of Export Options…, by format: each a stored option of the scene's `exportOptions`
// (SceneExportOptions) with its CLI flag's choices and default. The dialog edits them as text and
// choices (a draft), and turns the draft back into the options the scene keeps: an option left
// empty or at its default is not written (unless the file stated it), nor a format with none set.
import { EXPORT_FORMATS, type SceneExportOptions } from "../../../core";
import { evaluateNumberExpression } from "../../store/number-expression";

interface FieldBase {
  /** The option's key in the format's object ("pixelsPerMeter"). */
  readonly key: string;
  readonly label: string;
  /** What the option does, for the field's tooltip and the CLI flag it matches. */
  readonly hint: string;
}

export type OptionField =
  | (FieldBase & { readonly kind: "choice"; readonly choices: readonly { readonly value: string | number; readonly label: string }[]; readonly fallback: string | number })
  | (FieldBase & { readonly kind: "number"; readonly fallback: number; readonly unit: string })
  | (FieldBase & { readonly kind: "text"; readonly fallback: string });

/** The formats Export Options… shows, in the Export menu's order, with their fields. */
export const OPTION_FIELDS: Readonly<Record<string, readonly OptionField[]>> = {
  godot: [{ kind: "text", key: "rootName", label: "Root node name", hint: "The .tscn's root node (--root-name)", fallback: "Colliders" }],
  godot3: [{ kind: "text", key: "rootName", label: "Root node name", hint: "The .tscn's root node (--root-name)", fallback: "Colliders" }],
  tiled: [
    { kind: "choice", key: "capsules", label: "Capsules as", hint: "Tiled 1.12 has capsule objects; older Tiled reads polygons (--capsules)", fallback: "capsule",
      choices: [{ value: "capsule", label: "Capsule objects (Tiled 1.12)" }, { value: "polygon", label: "Polygons (older Tiled)" }] },
  ],
  box2d: [
    { kind: "number", key: "pixelsPerMeter", label: "Pixels per metre", hint: "Scene pixels in one Box2D metre (--ppm)", fallback: 32, unit: "px" },
    { kind: "choice", key: "capsules", label: "Capsules as", hint: "Two circles and a box are exact; one 8-gon suits loaders without capsules (--capsules)", fallback: "circles-and-box",
      choices: [{ value: "circles-and-box", label: "Two circles and a box (exact)" }, { value: "polygon", label: "One 8-gon" }] },
    { kind: "choice", key: "filterBits", label: "Filter bits", hint: "Box2D v2.x has 16 category bits; v3 and planck have 32 (--filter-bits)", fallback: 16,
      choices: [{ value: 16, label: "16 (Box2D v2.x)" }, { value: 32, label: "32 (Box2D v3, planck)" }] },
  ],
  "phaser-matter": [
    { kind: "choice", key: "bodies", label: "Bodies", hint: "Matter keeps collision bits on the body, so shapes with different bits need different bodies (--bodies)", fallback: "shape",
      choices: [{ value: "shape", label: "One per shape" }, { value: "layer", label: "One per layer and collision bits" }] },
    { kind: "number", key: "chainThickness", label: "Chain edge thickness", hint: "Matter has no edges: each chain edge becomes a quad this thick (--chain-thickness)", fallback: 1, unit: "px" },
  ],
};

/** The dialog's sections: a format's label and id, for every format with options. */
export const OPTION_FORMATS = EXPORT_FORMATS.filter((f) => OPTION_FIELDS[f.id] !== undefined).map((f) => ({ id: f.id, label: f.label }));

/** What a field shows: text for text and number fields ("" for the default), the value's text for a choice. */
export type Draft = Readonly<Record<string, Readonly<Record<string, string>>>>;

const stored = (options: SceneExportOptions, format: string): Readonly<Record<string, unknown>> =>
  ((options as Readonly<Record<string, unknown>>)[format] ?? {}) as Readonly<Record<string, unknown>>;

/** The draft of `options`: each field's stored value as text, or "" (text, number) or the default (choice) where none is stored. */
export function draftOf(options: SceneExportOptions): Draft {
  return Object.fromEntries(Object.entries(OPTION_FIELDS).map(([format, fields]) => [format, Object.fromEntries(fields.map((f) => {
    const value = stored(options, format)[f.key];
    return [f.key, value === undefined ? (f.kind === "choice" ? String(f.fallback) : "") : String(value)];
  }))]));
}

/** What a draft gives: the options it sets, and the fields whose text is no number, by "format.key". */
export interface DraftOptions {
  readonly options: SceneExportOptions;
  readonly unread: ReadonlyMap<string, string>;
}

/**
 * The options `draft` sets, over `base` (keys this build does not know are kept): a number field's
 * text as the number fields take it (a sum too; text that is none is in `unread`, with why); an
 * empty field and a default left out, unless `base` states that default, so opening and closing the
 * dialog changes nothing. A text field is kept as typed, so the check names spaces at its ends.
 */
export function optionsOf(draft: Draft, base: SceneExportOptions): DraftOptions {
  const out = new Map(Object.entries(base));
  const unread = new Map<string, string>();
  for (const [format, fields] of Object.entries(OPTION_FIELDS)) {
    const before = stored(base, format);
    const known = new Set(fields.map((f) => f.key));
    const kept = new Map(Object.entries(before).filter(([key]) => !known.has(key)));
    for (const f of fields) {
      const text = draft[format]?.[f.key] ?? "";
      let value: string | number | undefined;
      if (f.kind === "choice") value = f.choices.find((c) => String(c.value) === text)?.value;
      else if (f.kind === "text") value = text === "" ? undefined : text;
      else if (text.trim() !== "") {
        const typed = evaluateNumberExpression(text);
        if (typed.ok) value = typed.value;
        else unread.set(`${format}.${f.key}`, typed.message);
      }
      if (value !== undefined && (value !== f.fallback || before[f.key] === value)) kept.set(f.key, value);
    }
    if (kept.size > 0) out.set(format, Object.fromEntries(kept));
    else out.delete(format);
  }
  return { options: Object.fromEntries(out) as SceneExportOptions, unread };
}
