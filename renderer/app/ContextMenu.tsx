// The canvas's right-click menu, as Tiled's and Godot's: the registry's actions for what is under
// the pointer (a shape not selected is selected first, else an image), each greyed while its
// action is disabled and showing its shortcut, and Tiled's Move to Layer submenu. Arrow keys move
// (Right opens the submenu, Left closes it), Enter runs, Escape or a click elsewhere closes it.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { create } from "zustand";
import { runMenuCommand } from "../actions/menu-model";
import { actionById, actionTitle, chordLabel, disabledReason, type Action } from "../actions/registry";
import type { Editor } from "../editor/editor";
import { useEditor, useEditorState, useHistoryCounts } from "../editor/react";
import { itemLabel } from "../editor/names";
import { imageAt } from "../tools/select/image-picking";
import { shapesAt } from "../tools/select/picking";
import { notify, select } from "../store/actions";
import { selectImage } from "../store/image-actions";
import { lockedTargetRefusal, moveSelectionToLayer } from "../store/layer-actions";
import { usePopup } from "./popup";
import type { Point2 } from "../shapes/kind";

/** The submenu that lists the layers, top first, to move the selected shapes to. */
export const MOVE_TO_LAYER = "moveToLayer";

/** The menu's entries by action id, in order. */
export const CONTEXT_MENU: readonly string[] = [
  "edit.cut", "edit.copy", "edit.paste", "edit.duplicate", "edit.delete",
  "separator", "edit.raise", "edit.lower", "edit.raiseToTop", "edit.lowerToBottom", MOVE_TO_LAYER,
  "separator", "edit.flipHorizontal", "edit.flipVertical",
  "separator", "edit.traceImage",
  "separator", "edit.selectAll", "view.fit",
];

type Entry = Action | "separator" | typeof MOVE_TO_LAYER;

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

const enabledNow = (editor: Editor, a: Entry): boolean => (a === MOVE_TO_LAYER ? editor.shapesWithIds(editor.getState().selection).length > 0 : a !== "separator" && (a.enabled?.(editor) ?? true));

export function ContextMenu() {
  const at = useContextMenu((s) => s.at);
  // Mounted only while open: closed, it follows no editor state (a drag renders nothing here).
  return at ? <OpenMenu at={at} /> : null;
}

/** The next enabled index of `count` from `from` (null: from either end) by `by`, wrapping, or null when none is. */
function stepIn(count: number, enabled: (i: number) => boolean, from: number | null, by: 1 | -1): number | null {
  for (let k = 1; k <= count; k++) {
    const i = ((from ?? (by > 0 ? -1 : count)) + by * k + count * 2) % count;
    if (enabled(i)) return i;
  }
  return null;
}

function OpenMenu({ at }: { readonly at: { readonly x: number; readonly y: number } }) {
  const editor = useEditor();
  // Enabled states follow the editor live.
  const state = useEditorState((s) => s);
  useHistoryCounts((c) => c);
  const [active, setActive] = useState<number | null>(null);
  // The Move to Layer submenu: null while closed, else its active row (null: none yet).
  const [sub, setSub] = useState<{ readonly active: number | null } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number; subLeft: boolean } | null>(null);

  useEffect(() => {
    setActive(null);
    setSub(null);
  }, [at]);
  usePopup(root, place !== null, () => useContextMenu.getState().at !== null, closeContextMenu, [at]);

  // Kept inside the window: opened near the right or bottom edge, it opens leftwards or upwards (its submenu too).
  useLayoutEffect(() => {
    if (!root.current) return;
    const { width, height } = root.current.getBoundingClientRect();
    const left = Math.max(0, Math.min(at.x, innerWidth - width));
    setPlace({ left, top: Math.max(0, Math.min(at.y, innerHeight - height)), subLeft: left + 2 * width > innerWidth });
  }, [at]);

  const entries: readonly Entry[] = CONTEXT_MENU.map((id) => (id === "separator" || id === MOVE_TO_LAYER ? id : actionById(id)));
  // Top first, as the Layers panel lists them.
  const layers = [...state.layers].reverse();
  const selected = editor.shapesWithIds(state.selection);
  const holdsAll = (id: string) => selected.length > 0 && selected.every((s) => (s.layer ?? state.layers[0]?.id) === id);
  const run = (a: Action) => {
    closeContextMenu();
    runMenuCommand(editor, a.id);
  };
  const moveTo = (id: string) => {
    closeContextMenu();
    const moving = editor.shapesWithIds(editor.getState().selection).filter((s) => s.layer !== id);
    const refused = moveSelectionToLayer(editor, id);
    // Said, as Flip says what it did: the menu closed, and the shapes may not look any different.
    if (refused) notify(editor, refused);
    else if (moving.length > 0) notify(editor, `Moved ${moving.length === 1 ? itemLabel(moving[0]!) : `${moving.length} shapes`} to layer ${layers.find((l) => l.id === id)?.name ?? id}`);
  };
  const step = (from: number | null, by: 1 | -1) => stepIn(entries.length, (i) => enabledNow(editor, entries[i]!), from, by);
  const layerOpen = (i: number) => lockedTargetRefusal(layers[i]) === null;
  const openSub = () => setSub({ active: stepIn(layers.length, layerOpen, null, 1) });
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
        const onSub = sub !== null && entries[active ?? -1] === MOVE_TO_LAYER;
        if (onSub && (e.key === "Escape" || e.key === "ArrowLeft")) setSub(null);
        else if (onSub && e.key === "ArrowDown") setSub({ active: stepIn(layers.length, layerOpen, sub.active, 1) });
        else if (onSub && e.key === "ArrowUp") setSub({ active: stepIn(layers.length, layerOpen, sub.active, -1) });
        else if (onSub && e.key === "Enter") {
          if (sub.active !== null) moveTo(layers[sub.active]!.id);
        } else if (e.key === "Escape") closeContextMenu();
        else if (e.key === "ArrowDown") setActive(step(active, 1));
        else if (e.key === "ArrowUp") setActive(step(active, -1));
        else if ((e.key === "Enter" || e.key === "ArrowRight") && active !== null && entries[active] === MOVE_TO_LAYER) openSub();
        else if (e.key === "Enter" && active !== null) {
          const entry = entries[active];
          if (entry && entry !== "separator" && entry !== MOVE_TO_LAYER) run(entry);
        } else return;
        e.preventDefault();
      }}
    >
      {entries.map((entry, i) => {
        if (entry === "separator") return <div key={`separator-${i}`} className="separator" role="separator" />;
        const enabled = enabledNow(editor, entry);
        const hover = () => {
          setActive(enabled ? i : null);
          if (entry === MOVE_TO_LAYER) {
            if (enabled && sub === null) setSub({ active: null });
          } else setSub(null);
        };
        if (entry === MOVE_TO_LAYER) {
          const open = sub !== null && enabled;
          return (
            <div
              key={entry}
              className={`item has-submenu${i === active ? " active" : ""}`}
              role="menuitem"
              aria-haspopup="menu"
              aria-expanded={open}
              aria-disabled={!enabled}
              title={enabled ? undefined : "Select shapes first: click one, or drag a box around several"}
              tabIndex={-1}
              onMouseMove={hover}
              onClick={() => enabled && openSub()}
            >
              <span className="check" aria-hidden="true" />
              <span className="label">Move to Layer</span>
              <span className="shortcut" aria-hidden="true">▸</span>
              {open && (
                <div className={`menubar-menu submenu${place?.subLeft ? " left" : ""}`} role="menu" aria-label="Move to Layer" onMouseMove={(e) => e.stopPropagation()}>
                  {layers.map((layer, k) => {
                    const why = lockedTargetRefusal(layer);
                    return (
                      <div
                        key={layer.id}
                        className={k === sub.active ? "item active" : "item"}
                        role="menuitemradio"
                        aria-checked={holdsAll(layer.id)}
                        aria-disabled={why !== null}
                        title={why ?? undefined}
                        tabIndex={-1}
                        onMouseMove={() => setSub({ active: why === null ? k : null })}
                        onClick={(e) => {
                          e.stopPropagation();
                          if (why === null) moveTo(layer.id);
                        }}
                      >
                        <span className="check" aria-hidden="true">{holdsAll(layer.id) ? "✓" : ""}</span>
                        <span className="label">{layer.name}</span>
                      </div>
                    );
                  })}
                </div>
              )}
            </div>
          );
        }
        const key = entry.keys[0];
        return (
          <div
            key={entry.id}
            className={i === active ? "item active" : "item"}
            role="menuitem"
            aria-disabled={!enabled}
            title={enabled ? undefined : (disabledReason(editor, entry) ?? undefined)}
            tabIndex={-1}
            onMouseMove={hover}
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
