// Whether a key or clipboard event belongs to a text field (an input, a textarea, editable text):
// then it types or edits text, and no editor command runs. Duck-typed, so it also answers for the
// plain objects tests send and for a null target.
export function isTextField(target: EventTarget | null | undefined): boolean {
  const el = target as { readonly tagName?: string; readonly isContentEditable?: boolean } | null | undefined;
  return !!el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.isContentEditable === true);
}
