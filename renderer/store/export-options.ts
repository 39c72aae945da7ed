// The scene's export options (Scene.exportOptions, Export Options…): one undo step per change,
// refused whole when the file's check would refuse any of it.
import { exportOptionsProblems, sameJson, type SceneExportOptions } from "../../core";
import type { Editor } from "../editor/editor";
import { NO_EXPORT_OPTIONS } from "../editor/state";

/**
 * Sets the scene's export options to `next`: one undo step ("Change Box2D JSON export options").
 * Returns the problems by option path ("box2d.pixelsPerMeter") and changes nothing when there are
 * any; an unchanged value records no step.
 */
export function setExportOptions(editor: Editor, next: SceneExportOptions): ReadonlyMap<string, string> {
  const problems = exportOptionsProblems(next);
  if (problems.size > 0) return problems;
  if (!sameJson(editor.getState().exportOptions, next)) editor.update({ exportOptions: Object.keys(next).length === 0 ? NO_EXPORT_OPTIONS : next });
  return problems;
}
