// Whether a key or clipboard event belongs to a text field (an input, a textarea, editable text):
// then it types or edits text, and no editor command runs. Duck-typed, so it also answers for the
// plain objects tests send and for a null target.
export function isTextField(target: EventTarget | null | undefined): boolean {
  const el = target as { readonly tagName?: string; readonly isContentEditable?: boolean } | null | undefined;
  return !!el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.isContentEditable === true);
}

/** Input types that type no text: their own keys are arrows, Space and the like. */
const CONTROL_TYPES = new Set(["range", "checkbox", "radio", "color", "button", "submit", "reset", "file", "image"]);

/** The keys such a control acts on (a slider's steps, a checkbox's Space, a button's Enter). */
const CONTROL_KEYS = new Set([" ", "Enter", "Tab", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);

/**
 * Whether an event on `target` belongs to it: a text field takes every key and clipboard event; a
 * control that types no text (a slider, a checkbox, a colour well) only the plain keys it acts
 * on, so a tool's letter (R after ticking a layer bit, as in Tiled), Ctrl/Cmd chords and clipboard
 * events reach the editor (Ctrl+Z right after dragging a slider).
 */
export function ownsEvent(target: EventTarget | null | undefined, e: { readonly key?: string; readonly ctrlKey?: boolean; readonly metaKey?: boolean; readonly clipboard?: boolean }): boolean {
  if (!isTextField(target)) return false;
  const type = (target as { readonly type?: unknown }).type;
  const control = (target as { readonly tagName?: string }).tagName === "INPUT" && typeof type === "string" && CONTROL_TYPES.has(type);
  if (!control) return true;
  return e.clipboard !== true && e.ctrlKey !== true && e.metaKey !== true && (e.key === undefined || CONTROL_KEYS.has(e.key));
}
