// The scene's export options (Scene.exportOptions, Export Options…): one undo step per change,
// refused whole when the file's check would refuse any of it.
import { exportOptionsProblems, type SceneExportOptions } from "../../core";
import type { Editor } from "../editor/editor";
import { NO_EXPORT_OPTIONS } from "../editor/state";

/** Whether two options objects hold the same options (key order aside). */
function sameOptions(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameOptions((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Sets the scene's export options to `next`: one undo step ("Change Box2D JSON export options").
 * Returns the problems by option path ("box2d.pixelsPerMeter") and changes nothing when there are
 * any; an unchanged value records no step.
 */
export function setExportOptions(editor: Editor, next: SceneExportOptions): ReadonlyMap<string, string> {
  const problems = exportOptionsProblems(next);
  if (problems.size > 0) return problems;
  if (!sameOptions(editor.getState().exportOptions, next)) editor.update({ exportOptions: Object.keys(next).length === 0 ? NO_EXPORT_OPTIONS : next });
  return problems;
}
