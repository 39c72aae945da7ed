// The canvas's right-click menu, as Tiled's and Godot's: the registry's actions for what is under
// the pointer (a shape not selected is selected first, else an image), each greyed while its
// action is disabled and showing its shortcut. Arrow keys move, Enter runs, Escape or a click
// elsewhere closes it.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { create } from "zustand";
import { runMenuCommand } from "../actions/menu-model";
import { actionById, actionTitle, chordLabel, disabledReason, type Action } from "../actions/registry";
import type { Editor } from "../editor/editor";
import { useEditor, useEditorState, useHistoryCounts } from "../editor/react";
import { imageAt } from "../tools/select/image-picking";
import { shapesAt } from "../tools/select/picking";
import { select } from "../store/actions";
import { selectImage } from "../store/image-actions";
import { usePopup } from "./popup";
import type { Point2 } from "../shapes/kind";

/** The menu's entries by action id, in order. */
export const CONTEXT_MENU: readonly (string | "separator")[] = [
  "edit.cut", "edit.copy", "edit.paste", "edit.duplicate", "edit.delete",
  "separator", "edit.traceImage",
  "separator", "edit.selectAll", "view.fit",
];

interface ContextMenuState {
  /** Where it opened, in page pixels; null while closed. */
  readonly at: { readonly x: number; readonly y: number } | null;
}

export const useContextMenu = create<ContextMenuState>()(() => ({ at: null }));

/**
 * A right-click at page point (x, y), world point `p`: the topmost shape there is selected unless
 * it already is (a selection it belongs to stays whole); with no shape there, an image is; with
 * neither, the selection stays. Then the menu opens there.
 */
export function openContextMenu(editor: Editor, p: Point2, x: number, y: number): void {
  const shape = shapesAt(editor, p)[0];
  if (shape) {
    if (!editor.getState().selection.includes(shape.id)) select(editor, [shape.id]);
  } else {
    const image = imageAt(editor, p);
    if (image && editor.getState().selectedImage !== image.id) selectImage(editor, image.id);
  }
  useContextMenu.setState({ at: { x, y } });
}

export const closeContextMenu = (): void => useContextMenu.setState({ at: null });

const enabledNow = (editor: Editor, a: Action): boolean => a.enabled?.(editor) ?? true;

export function ContextMenu() {
  const at = useContextMenu((s) => s.at);
  // Mounted only while open: closed, it follows no editor state (a drag renders nothing here).
  return at ? <OpenMenu at={at} /> : null;
}

function OpenMenu({ at }: { readonly at: { readonly x: number; readonly y: number } }) {
  const editor = useEditor();
  // Enabled states follow the editor live.
  useEditorState((s) => s);
  useHistoryCounts((c) => c);
  const [active, setActive] = useState<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);

  useEffect(() => setActive(null), [at]);
  usePopup(root, place !== null, () => useContextMenu.getState().at !== null, closeContextMenu, [at]);

  // Kept inside the window: opened near the right or bottom edge, it opens leftwards or upwards.
  useLayoutEffect(() => {
    if (!root.current) return;
    const { width, height } = root.current.getBoundingClientRect();
    setPlace({ left: Math.max(0, Math.min(at.x, innerWidth - width)), top: Math.max(0, Math.min(at.y, innerHeight - height)) });
  }, [at]);

  const entries = CONTEXT_MENU.map((id) => (id === "separator" ? id : actionById(id)));
  const run = (a: Action) => {
    closeContextMenu();
    runMenuCommand(editor, a.id);
  };
  const step = (from: number | null, by: 1 | -1): number | null => {
    for (let k = 1; k <= entries.length; k++) {
      const i = ((from ?? (by > 0 ? -1 : entries.length)) + by * k + entries.length * 2) % entries.length;
      const e = entries[i]!;
      if (e !== "separator" && enabledNow(editor, e)) return i;
    }
    return null;
  };
  return (
    <div
      ref={root}
      className="menubar-menu context-menu"
      role="menu"
      aria-label="Canvas"
      tabIndex={-1}
      style={{ position: "fixed", left: place?.left ?? at.x, top: place?.top ?? at.y, visibility: place ? "visible" : "hidden" }}
      onContextMenu={(e) => e.preventDefault()}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === "Escape") closeContextMenu();
        else if (e.key === "ArrowDown") setActive(step(active, 1));
        else if (e.key === "ArrowUp") setActive(step(active, -1));
        else if (e.key === "Enter" && active !== null) {
          const entry = entries[active];
          if (entry && entry !== "separator") run(entry);
        } else return;
        e.preventDefault();
      }}
    >
      {entries.map((entry, i) => {
        if (entry === "separator") return <div key={`separator-${i}`} className="separator" role="separator" />;
        const enabled = enabledNow(editor, entry);
        const key = entry.keys[0];
        return (
          <div
            key={entry.id}
            className={i === active ? "item active" : "item"}
            role="menuitem"
            aria-disabled={!enabled}
            title={enabled ? undefined : (disabledReason(editor, entry) ?? undefined)}
            tabIndex={-1}
            onMouseMove={() => setActive(enabled ? i : null)}
            onClick={() => {
              if (enabled) run(entry);
            }}
          >
            <span className="check" aria-hidden="true" />
            <span className="label">{actionTitle(editor, entry)}</span>
            {key && <span className="shortcut" aria-hidden="true">{chordLabel(key)}</span>}
          </div>
        );
      })}
    </div>
  );
}
