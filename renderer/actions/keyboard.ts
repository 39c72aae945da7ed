// What a key press does in the editor: the one dispatcher behind the window's keydown listener
// and the tests' TestEditor, so both follow the same rules.
import { modalOpen } from "../app/modals";
import type { Editor } from "../editor/editor";
import { notify } from "../store/actions";
import { actionForKey, disabledReason, type KeyPress } from "./registry";
import { leaveTextField } from "./text-field";

/** Runs the action bound to the key, if any; returns whether the key was the editor's (prevent its default). */
export function dispatchKey(editor: Editor, e: KeyPress): boolean {
  // A modal (palette, shortcut sheet) takes every key while it is open.
  if (modalOpen()) return false;
  const action = actionForKey(e);
  if (!action || action.keysRaisePasteEvent) return false;
  // A global command pressed in a text field: the field's typed value first (leaving applies it).
  if (action.global === true) leaveTextField(e.target);
  if (action.enabled?.(editor) ?? true) action.run(editor);
  // A refused key says why in the status line (Ctrl+D with nothing selected), where the action
  // can tell; one that has nothing to say (Enter while no outline is drawn) stays quiet.
  else if (action.whyDisabled !== undefined && action.whyDisabled(editor) !== "") notify(editor, disabledReason(editor, action));
  return true;
}
