// The toolbar: one button per tool (accessible names "Select", "Circle", "Box", "Capsule",
// "Polygon", "Ray", "Sweep", "Pan"), then the edit and file actions, each with its shortcut in the tooltip.
import { actionById, chordLabel, type Action } from "../actions/registry";
import { useEditor, useHistory } from "../store/editor-store";

function ActionButton({ action, pressed, disabled }: { action: Action; pressed?: boolean; disabled?: boolean }) {
  const shortcut = action.keys[0] ? ` (${chordLabel(action.keys[0])})` : "";
  return (
    <button type="button" aria-label={action.label.replace("…", "")} aria-pressed={pressed} disabled={disabled} title={`${action.label}${shortcut}`} onClick={action.run}>
      {action.label}
    </button>
  );
}

const TOOL_IDS = ["select", "circle", "box", "capsule", "polygon", "ray", "sweep", "pan"] as const;

export function Toolbar() {
  const tool = useEditor((s) => s.tool);
  const hasSelection = useEditor((s) => s.selection.length > 0);
  const canUndo = useHistory((h) => h.pastStates.length > 0);
  const canRedo = useHistory((h) => h.futureStates.length > 0);
  return (
    <div className="toolbar" role="toolbar" aria-label="Tools">
      <div className="group" role="group" aria-label="Shape tools">
        {TOOL_IDS.map((id) => (
          <ActionButton key={id} action={actionById(`tool.${id}`)} pressed={tool === id} />
        ))}
      </div>
      <div className="group" role="group" aria-label="Edit">
        <ActionButton action={actionById("edit.undo")} disabled={!canUndo} />
        <ActionButton action={actionById("edit.redo")} disabled={!canRedo} />
        <ActionButton action={actionById("edit.delete")} disabled={!hasSelection} />
      </div>
      <div className="group" role="group" aria-label="File">
        <ActionButton action={actionById("file.new")} />
        <ActionButton action={actionById("file.open")} />
        <ActionButton action={actionById("file.save")} />
        <ActionButton action={actionById("file.saveAs")} />
      </div>
    </div>
  );
}
