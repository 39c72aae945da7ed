// A button or checkbox pressed with the mouse gives its focus back, as a desktop app's toolbar and
// tab bar do (Qt's tool buttons and tab bars take no focus on a click): the next key reaches the
// editor's shortcuts, and no focus ring is left on the control. One reached by Tab keeps its focus;
// so do those in dialogs and menus, whose own focus handling decides where focus goes.

/** Where a press keeps its focus: dialogs (the command palette is one), menus and the menu bar. */
const KEEPS_FOCUS = '[role="dialog"], [role="menu"], [role="menubar"]';

/**
 * After a click (`detail` > 0: a pointer's, not Enter's or Space's, which are 0), blurs the button
 * or checkbox clicked when it still has focus (`active`). Returns whether it did.
 */
export function releaseMouseFocus(e: Pick<MouseEvent, "detail" | "target">, active: Element | null): boolean {
  if (e.detail === 0 || !(e.target instanceof Element)) return false;
  const control = e.target.closest("button, input[type=checkbox]");
  if (control === null || control !== active || control.closest(KEEPS_FOCUS) !== null || !(control instanceof HTMLElement)) return false;
  control.blur();
  return true;
}
