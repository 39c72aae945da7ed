// The web build's menu bar (File, Edit, View, Export, Tools, Help), from the same registry and
// menus as the desktop app's native one, which replaces it there. A click opens a menu, and while
// one is open hovering another opens that; a click outside, or Escape, only closes it and gives
// focus back to what had it (no focus ring left on the bar). Keys move as menu-navigation.ts says
// (there Escape backs out to the bar first, as on Windows); Alt alone or F10 focuses the bar and Alt+letter opens a menu, as on
// Windows and Linux. Items show their shortcut, are greyed while their action is disabled and
// checked while their setting is on, following the editor live. The bar takes its own row above
// the toolbar; its menus drop over the canvas.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { menus as menuList, runMenuCommand, type Menu } from "../actions/menu-model";
import { actionTitle, ariaKeyShortcut, chordLabel, disabledReason, isMac, type Action } from "../actions/registry";
import { isTextField } from "../actions/text-field";
import type { Editor } from "../editor/editor";
import { useEditor, useEditorState, useHistoryCounts, useReplay } from "../editor/react";
import { desktop } from "../platform/files";
import { listen } from "../platform/listen";
import { menuBarKey, menuForLetter, mnemonics, stepItem, type BarPosition, type NavMenu } from "./menu-navigation";
import { modalOpen } from "./modals";
import { closeOnPressOutside } from "./press-outside";

const barId = (menu: number) => `menubar-${menu}`;
const menuId = (menu: number) => `menubar-${menu}-menu`;
const itemId = (menu: number, item: number) => `menubar-${menu}-item-${item}`;

const isEnabled = (editor: Editor, a: Action): boolean => a.enabled?.(editor) ?? true;

/** The menus as navigation sees them, with what is enabled now. */
const navMenus = (editor: Editor, menus: readonly Menu[]): NavMenu[] =>
  menus.map((m) => ({ label: m.label, items: m.entries.map((e) => (e === "separator" ? null : { label: actionTitle(editor, e), enabled: isEnabled(editor, e) })) }));

/** A label with its access key underlined while the bar is used from the keyboard. */
function Mnemonic({ label, at }: { label: string; at: number }) {
  if (at < 0) return <>{label}</>;
  return (
    <>
      {label.slice(0, at)}
      <span className="mnemonic">{label[at]}</span>
      {label.slice(at + 1)}
    </>
  );
}

/** An open menu's items; it renders again on every change of the editor, so enabled and checked stay live. */
function MenuItems({ menu, index, active, onHover, onRun }: { menu: Menu; index: number; active: number | null; onHover: (item: number | null) => void; onRun: (item: number) => void }) {
  const editor = useEditor();
  useEditorState((s) => s);
  useHistoryCounts((c) => c);
  useReplay((r) => r.log);
  return (
    <div id={menuId(index)} className="menubar-menu" role="menu" aria-label={menu.label} tabIndex={-1} onMouseLeave={() => onHover(null)}>
      {menu.entries.map((entry, i) => {
        if (entry === "separator") return <div key={`separator-${i}`} className="separator" role="separator" />;
        const enabled = isEnabled(editor, entry);
        const checked = entry.checked?.(editor);
        const key = entry.keys[0];
        return (
          <div
            key={entry.id}
            id={itemId(index, i)}
            className={i === active ? "item active" : "item"}
            role={checked === undefined ? "menuitem" : "menuitemcheckbox"}
            aria-checked={checked}
            aria-disabled={!enabled}
            title={enabled ? undefined : (disabledReason(editor, entry) ?? undefined)}
            aria-keyshortcuts={key ? ariaKeyShortcut(key) : undefined}
            tabIndex={-1}
            onMouseMove={() => {
              if (i !== active) onHover(i);
            }}
            onClick={() => {
              if (enabled) onRun(i);
            }}
          >
            <span className="check" aria-hidden="true">{checked ? "✓" : ""}</span>
            <span className="label">{actionTitle(editor, entry)}</span>
            {key && <span className="shortcut" aria-hidden="true">{chordLabel(key)}</span>}
          </div>
        );
      })}
    </div>
  );
}

function WebMenuBar() {
  const editor = useEditor();
  const menus = useMemo(() => menuList(), []);
  const marks = useMemo(() => mnemonics(menus.map((m) => m.label)), [menus]);
  /** Null while the bar is not in use. */
  const [at, setAt] = useState<BarPosition | null>(null);
  /** Whether the bar was reached from the keyboard (access keys underlined). */
  const [byKeys, setByKeys] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  /** What had focus before the bar took it; it gets it back when the bar is left. */
  const returnFocus = useRef<HTMLElement | null>(null);
  /** The window's listeners read the bar's position through this. */
  const current = useRef(at);
  /** Whether the bar was entered with the mouse (a menu opened by a click): Escape then leaves it at once. */
  const byMouse = useRef(false);

  useLayoutEffect(() => {
    current.current = at;
    if (!at) return;
    const id = at.open ? (at.item === null ? menuId(at.menu) : itemId(at.menu, at.item)) : barId(at.menu);
    document.getElementById(id)?.focus({ preventScroll: true });
  }, [at]);

  const enter = (to: BarPosition, keys: boolean) => {
    if (!current.current) {
      const active = document.activeElement;
      returnFocus.current = active instanceof HTMLElement && !root.current?.contains(active) ? active : null;
      byMouse.current = !keys;
    }
    setByKeys(keys);
    setAt(to);
  };

  const leave = () => {
    current.current = null;
    setAt(null);
    const back = returnFocus.current;
    returnFocus.current = null;
    // Left after a click, only a field being typed in gets focus back: a toolbar button given it
    // after an Escape would show a focus ring the user never asked for; the document has it instead.
    if (back?.isConnected && (!byMouse.current || isTextField(back))) back.focus({ preventScroll: true });
    // Nothing focusable had it before (the page's body): the bar lets go of it.
    if (document.activeElement instanceof HTMLElement && root.current?.contains(document.activeElement)) document.activeElement.blur();
  };

  const run = (menu: number, item: number) => {
    const entry = menus[menu]?.entries[item];
    // Leave first: the action may open a dialog, which gives focus back to what had it before.
    leave();
    if (entry && entry !== "separator") runMenuCommand(editor, entry.id);
  };

  // While a menu is open, a press outside the bar only closes it.
  // leave reads only refs and state setters.
  useEffect(() => closeOnPressOutside(() => root.current, () => current.current?.open === true, leave), []);

  // Alt pressed and released alone, or F10, focuses the bar (again: leaves it); Alt+letter opens a
  // menu. Not on macOS, where Option types letters (Option+E starts an accent) and menus have no access keys.
  // Alt pressed during a drag is the drag's (a box's resize without snapping, an image's free aspect).
  useEffect(() => {
    let altAlone = false;
    let pressed = false;
    const openFirst = (menu: number): BarPosition => ({ menu, open: true, item: stepItem(navMenus(editor, menus)[menu]?.items ?? [], null, 1) });
    return listen(window, {
      keydown: (e) => {
        altAlone = !isMac && !pressed && e.key === "Alt" && !e.ctrlKey && !e.metaKey && !e.shiftKey;
        if (modalOpen() || e.defaultPrevented) return;
        if (e.key === "F10" && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey) {
          e.preventDefault();
          if (current.current) leave();
          else enter({ menu: 0, open: false, item: null }, true);
          return;
        }
        // The letter typed; on a layout without Latin letters, the one a US keyboard has on that key.
        const letter = /^[a-z]$/i.test(e.key) ? e.key : /^Key([A-Z])$/.exec(e.code)?.[1];
        if (!isMac && e.altKey && !e.ctrlKey && !e.metaKey && letter) {
          const menu = menuForLetter(menus, letter);
          if (menu < 0) return;
          e.preventDefault();
          enter(openFirst(menu), true);
        }
      },
      keyup: (e) => {
        if (e.key !== "Alt" || !altAlone) return;
        altAlone = false;
        if (modalOpen()) return;
        e.preventDefault();
        if (current.current) leave();
        else enter({ menu: 0, open: false, item: null }, true);
      },
      pointerdown: () => {
        altAlone = false;
        pressed = true;
      },
      pointerup: () => {
        pressed = false;
      },
      blur: () => {
        altAlone = false;
        pressed = false;
      },
    });
    // enter and leave read only refs and state setters: the listeners need not change with them.
  }, [editor, menus]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!at || e.ctrlKey || e.metaKey || e.altKey) return;
    const outcome = menuBarKey(navMenus(editor, menus), at, e.key);
    if (outcome.kind === "pass") return;
    // The editor's shortcuts listen on the window: a key the bar takes is not theirs.
    e.preventDefault();
    e.stopPropagation();
    // A menu opened with the mouse closes on Escape as desktop menus do, the bar let go of with
    // it; reached from the keyboard, Escape backs out to the bar first.
    if (outcome.kind === "leave" || (e.key === "Escape" && byMouse.current)) leave();
    else if (outcome.kind === "run") run(outcome.menu, outcome.item);
    else {
      setByKeys(true);
      setAt(outcome.to);
    }
  };

  const onBlur = (e: FocusEvent) => {
    if (e.relatedTarget instanceof Node && root.current?.contains(e.relatedTarget)) return;
    // Focus went elsewhere (a click on the canvas, Tab): the bar is no longer in use.
    current.current = null;
    returnFocus.current = null;
    setAt(null);
  };

  return (
    <div ref={root} className={byKeys && at ? "menubar keys" : "menubar"} role="menubar" aria-label="Menu bar" onKeyDown={onKeyDown} onBlur={onBlur}>
      {menus.map((menu, i) => {
        const open = at?.open === true && at.menu === i;
        return (
          <div key={menu.label} className="menubar-entry" role="none">
            <button
              type="button"
              id={barId(i)}
              role="menuitem"
              aria-haspopup="menu"
              aria-expanded={open}
              aria-controls={open ? menuId(i) : undefined}
              className={open ? "open" : undefined}
              tabIndex={(at?.menu ?? 0) === i ? 0 : -1}
              onMouseDown={(e) => {
                if (e.button !== 0) return;
                // Focus is placed by the bar itself, once the menu is open.
                e.preventDefault();
                if (open) leave();
                else enter({ menu: i, open: true, item: null }, false);
              }}
              onMouseEnter={() => {
                if (at?.open && at.menu !== i) setAt({ menu: i, open: true, item: null });
              }}
              onClick={(e) => {
                // A click without a mouse (a screen reader's); the mouse's own opened the menu at its press.
                if (e.detail !== 0) return;
                if (open) leave();
                else enter({ menu: i, open: true, item: stepItem(navMenus(editor, menus)[i]!.items, null, 1) }, true);
              }}
            >
              <Mnemonic label={menu.label} at={marks[i]!} />
            </button>
            {open && (
              <MenuItems
                menu={menu}
                index={i}
                active={at.item}
                onHover={(item) => setAt({ menu: i, open: true, item })}
                onRun={(item) => run(i, item)}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}

/** The web build's menu bar; nothing in the desktop app, whose native menu bar has the same menus. */
export function MenuBar() {
  return desktop() ? null : <WebMenuBar />;
}
