// The toolbar: one button per tool (accessible names "Select", "Pan", "Circle", "Box", "Capsule",
// "Polygon", "Ray", "Sweep"), then the edit and file actions, then the command palette, the
// shortcut sheet and the theme; each tooltip names the action's shortcut. It stays 38 px high at
// any width (it scrolls sideways when narrow) so the canvas below never moves.
import type { ReactNode } from "react";
import { actionById, actionTitle, chordLabel, type Action } from "../actions/registry";
import { useEditor, useEditorState, useHistoryCounts } from "../editor/react";
import { KIND_LIST } from "../shapes/registry";

/** 16 px line icons, drawn with the text colour. */
const ICONS: Record<string, ReactNode> = {
  "tool.select": <path d="M4 2.5v10l2.8-2.6 1.9 4.2 1.7-.8-1.9-4.1H12z" />,
  "tool.pan": <path d="M8 1.5v13M1.5 8h13M8 1.5 6 3.5M8 1.5l2 2M8 14.5l-2-2M8 14.5l2-2M1.5 8l2-2M1.5 8l2 2M14.5 8l-2-2M14.5 8l-2 2" />,
  // Each shape kind's tool draws the icon its module gives.
  ...Object.fromEntries(KIND_LIST.map((k) => [`tool.${k.type}`, <path d={k.icon} />])),
  "tool.ray": <path d="M2.5 13.5 12 4M12 4H8M12 4v4M2.5 13.5h0" />,
  "tool.sweep": <path d="M2 10.5a2.5 2.5 0 1 0 5 0 2.5 2.5 0 1 0-5 0M9 5.5a2.5 2.5 0 1 0 5 0 2.5 2.5 0 1 0-5 0M4.5 8 11.5 3M4.5 13l7-5" />,
  "edit.undo": <path d="M5.5 3.5 2.5 6.5l3 3M2.5 6.5H10a3.5 3.5 0 0 1 0 7H7" />,
  "edit.redo": <path d="m10.5 3.5 3 3-3 3M13.5 6.5H6a3.5 3.5 0 0 0 0 7h3" />,
  "edit.cut": <path d="M3 4a2 2 0 1 0 4 0 2 2 0 1 0-4 0M3 12a2 2 0 1 0 4 0 2 2 0 1 0-4 0M6.5 5.2 13.5 12M6.5 10.8 13.5 4" />,
  "edit.copy": <path d="M5.5 5.5h8v8h-8zM10.5 5.5v-3h-8v8h3" />,
  "edit.paste": <path d="M5.5 2.5h5v2h-5zM10.5 3.5h2v10h-9v-10h2" />,
  "edit.duplicate": <path d="M2.5 2.5h8v8h-8zM5.5 13.5h8v-8M6.5 4.5v4M4.5 6.5h4" />,
  "edit.delete": <path d="M2.5 4.5h11M6 4.5V2.5h4v2M4 4.5l.8 9h6.4l.8-9M6.8 7v4.5M9.2 7v4.5" />,
  "file.new": <path d="M3.5 1.5h6l3 3v10h-9zM9.5 1.5v3h3" />,
  "file.open": <path d="M1.5 3.5h5l1.5 1.5h6.5v8.5h-13z" />,
  "file.save": <path d="M2.5 2.5h9l2 2v9h-11zM5 2.5v3.5h6V2.5M5 13.5V9.5h6v4" />,
  "file.saveAs": <path d="M2.5 2.5h9l2 2v4M2.5 2.5v11h5M5 2.5v3.5h6V2.5M9.5 13.5l4-4 1.2 1.2-4 4H9.5z" />,
  "help.commandPalette": <path d="M1.5 2.5h13v11h-13zM4 6l2.5 2L4 10M8 10.5h4" />,
  "help.shortcuts": <path d="M1.5 4.5h13v8h-13zM4 7h1M7 7h2M11 7h1M4 10h8" />,
  "view.toggleTheme": <path d="M8 1.5a6.5 6.5 0 1 0 0 13zM8 1.5a6.5 6.5 0 0 1 0 13" />,
};

function Icon({ id }: { id: string }) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round">
      {ICONS[id]}
    </svg>
  );
}

function ActionButton({ id, pressed, disabled, iconOnly }: { id: string; pressed?: boolean; disabled?: boolean; iconOnly?: boolean }) {
  const editor = useEditor();
  const action: Action = actionById(id);
  const shortcut = action.keys[0] ? ` (${chordLabel(action.keys[0])})` : "";
  const name = action.label.replace("…", "");
  return (
    <button type="button" className={iconOnly ? "icon-only" : undefined} aria-label={name} aria-pressed={pressed} disabled={disabled} title={`${actionTitle(editor, action)}${shortcut}`} onClick={() => action.run(editor)}>
      <Icon id={id} />
      {!iconOnly && <span className="label">{name}</span>}
    </button>
  );
}

const TOOL_IDS = ["select", "pan", ...KIND_LIST.map((k) => k.type)] as const;
const PROBE_IDS = ["ray", "sweep"] as const;

export function Toolbar() {
  const tool = useEditorState((s) => s.tool);
  const hasSelection = useEditorState((s) => s.selection.length > 0);
  const editor = useEditor();
  // A tool's own Undo (an outline Escape discarded) shows after a change of its state.
  useEditorState((s) => s.toolPath);
  const canUndo = useHistoryCounts((h) => h.undo > 0) || editor.tools.undoStep() !== null;
  const canRedo = useHistoryCounts((h) => h.redo > 0);
  // Undo's and Redo's tooltips name their steps.
  useHistoryCounts((h) => h.undoLabel);
  useHistoryCounts((h) => h.redoLabel);
  return (
    <div className="toolbar" role="toolbar" aria-label="Tools">
      <div className="group" role="group" aria-label="Shape tools">
        {TOOL_IDS.map((id) => (
          <ActionButton key={id} id={`tool.${id}`} pressed={tool === id} />
        ))}
      </div>
      <div className="group" role="group" aria-label="Probe tools">
        {PROBE_IDS.map((id) => (
          <ActionButton key={id} id={`tool.${id}`} pressed={tool === id} />
        ))}
      </div>
      <div className="group" role="group" aria-label="Edit">
        <ActionButton id="edit.undo" disabled={!canUndo} iconOnly />
        <ActionButton id="edit.redo" disabled={!canRedo} iconOnly />
        <ActionButton id="edit.cut" disabled={!hasSelection} iconOnly />
        <ActionButton id="edit.copy" disabled={!hasSelection} iconOnly />
        <ActionButton id="edit.paste" iconOnly />
        <ActionButton id="edit.duplicate" disabled={!hasSelection} iconOnly />
        <ActionButton id="edit.delete" disabled={!hasSelection} iconOnly />
      </div>
      <div className="group" role="group" aria-label="File">
        <ActionButton id="file.new" iconOnly />
        <ActionButton id="file.open" />
        <ActionButton id="file.save" />
        <ActionButton id="file.saveAs" iconOnly />
      </div>
      <div className="group end" role="group" aria-label="Help">
        <ActionButton id="help.commandPalette" iconOnly />
        <ActionButton id="help.shortcuts" iconOnly />
        <ActionButton id="view.toggleTheme" iconOnly />
      </div>
    </div>
  );
}
