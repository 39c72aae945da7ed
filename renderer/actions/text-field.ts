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
 * Whether an event on `target` belongs to it: a text field takes every key and clipboard event; a
 * control that types no text (a slider, a checkbox, a colour well, a button) only the plain keys it acts
 * on, so a tool's letter (R after ticking a layer bit, as in Tiled), Ctrl/Cmd chords and clipboard
 * events reach the editor (Ctrl+Z right after dragging a slider).
 */
export function ownsEvent(target: EventTarget | null | undefined, e: { readonly key?: string; readonly ctrlKey?: boolean; readonly metaKey?: boolean; readonly clipboard?: boolean }): boolean {
  const el = target as { readonly tagName?: string; readonly type?: unknown } | null | undefined;
  // A <button> owns what an <input type="button"> does: Enter and Space press it, not Finish shape.
  const button = el?.tagName === "BUTTON";
  if (!button && !isTextField(target)) return false;
  const keys = button ? CONTROL_KEYS.get("button") : el?.tagName === "INPUT" && typeof el.type === "string" ? CONTROL_KEYS.get(el.type) : undefined;
  if (keys === undefined) return true;
  return e.clipboard !== true && e.ctrlKey !== true && e.metaKey !== true && (e.key === undefined || keys.has(e.key));
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
