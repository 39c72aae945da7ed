// Whether a key or clipboard event belongs to a text field (an input, a textarea, editable text):
// then it types or edits text, and no editor command runs. Duck-typed, so it also answers for the
// plain objects tests send and for a null target.
export function isTextField(target: EventTarget | null | undefined): boolean {
  const el = target as { readonly tagName?: string; readonly isContentEditable?: boolean } | null | undefined;
  return !!el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.isContentEditable === true);
}

/**
 * The keys each input type that types no text acts on itself (a slider's steps, a checkbox's
 * Space, a radio group's arrows, a button's Enter), as the browser handles them; Tab moves focus
 * from any of them. Every other key goes to the editor: Home fits the view after ticking a box.
 */
const SLIDER_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"];
const PRESS_KEYS = [" ", "Enter"];
const CONTROL_KEYS = new Map<string, ReadonlySet<string>>([
  ["range", new Set(["Tab", ...SLIDER_KEYS])],
  ["checkbox", new Set(["Tab", " "])],
  ["radio", new Set(["Tab", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"])],
  ...["color", "button", "submit", "reset", "file", "image"].map((type) => [type, new Set(["Tab", ...PRESS_KEYS])] as const),
]);

/**
 * A drop-down (<select>) walks its options with the arrows, Home/End and PageUp/PageDown, opens
 * with Space or Enter and jumps to an option by its first letters; Backspace and Delete never
 * reach the canvas from it (a designer choosing a layer must not delete the shape).
 */
const SELECT_KEYS = new Set(["Tab", ...SLIDER_KEYS, ...PRESS_KEYS, "Backspace", "Delete"]);
/** A list of rows (the Objects dock): its arrows, Home/End and Page keys walk the rows, Ctrl/Cmd+A selects what it lists. */
const LISTBOX_KEYS = new Set(["Tab", ...SLIDER_KEYS]);

type KeyEventLike = { readonly key?: string; readonly ctrlKey?: boolean; readonly metaKey?: boolean; readonly shiftKey?: boolean; readonly altKey?: boolean; readonly clipboard?: boolean };
type ElementLike = { readonly tagName?: string; readonly type?: unknown; readonly getAttribute?: (name: string) => string | null };

const chord = (e: KeyEventLike) => e.ctrlKey === true || e.metaKey === true;
/** A character a key types (one code point), not a named key ("Delete", "F2"). */
const printable = (key: string | undefined) => key !== undefined && [...key].length === 1;

function selectOwns(e: KeyEventLike): boolean {
  return e.clipboard !== true && !chord(e) && (e.key === undefined || SELECT_KEYS.has(e.key) || printable(e.key));
}

/** Ctrl/Cmd+A alone (not Ctrl+Shift+A, Select None): a focused list's select-all. */
export const isSelectAllChord = (e: KeyEventLike): boolean => chord(e) && e.shiftKey !== true && e.altKey !== true && e.key?.toLowerCase() === "a";

function listboxOwns(e: KeyEventLike): boolean {
  if (e.clipboard === true || e.key === undefined) return false;
  return chord(e) ? isSelectAllChord(e) : LISTBOX_KEYS.has(e.key);
}

/**
 * Whether an event on `target` belongs to it: a text field takes every key and clipboard event; a
 * control that types no text (a slider, a checkbox, a colour well, a button) only the plain keys it acts
 * on, so a tool's letter (R after ticking a layer bit, as in Tiled), Ctrl/Cmd chords and clipboard
 * events reach the editor (Ctrl+Z right after dragging a slider). A drop-down also owns every printable
 * key (it jumps to an option); a listbox its walking keys and Ctrl/Cmd+A, while Delete, F2 and the
 * clipboard act on the selection it shows, as in Tiled's Objects view.
 */
export function ownsEvent(target: EventTarget | null | undefined, e: KeyEventLike): boolean {
  const el = target as ElementLike | null | undefined;
  if (el?.tagName === "SELECT") return selectOwns(e);
  if (typeof el?.getAttribute === "function" && el.getAttribute("role") === "listbox") return listboxOwns(e);
  // A <button> owns what an <input type="button"> does: Enter and Space press it, not Finish shape.
  const button = el?.tagName === "BUTTON";
  if (!button && !isTextField(target)) return false;
  const keys = button ? CONTROL_KEYS.get("button") : el?.tagName === "INPUT" && typeof el.type === "string" ? CONTROL_KEYS.get(el.type) : undefined;
  if (keys === undefined) return true;
  return e.clipboard !== true && !chord(e) && (e.key === undefined || keys.has(e.key));
}

/**
 * Leaves `target` when it is a text field (it loses the focus): the field applies what was typed
 * in it, as it does when a click goes elsewhere, before a global command runs from it (Ctrl+S in
 * the Inspector saves the value just typed). Anything else is left alone.
 */
export function leaveTextField(target: EventTarget | null | undefined): void {
  const el = target as { readonly blur?: unknown } | null | undefined;
  if (isTextField(target) && typeof el?.blur === "function") (el as { blur(): void }).blur();
}
