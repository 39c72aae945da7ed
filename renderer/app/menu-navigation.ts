// How keys move through the web build's menu bar, as WAI-ARIA's menubar pattern and desktop menus
// on Windows and Linux do it: Left and Right go from menu to menu (an open one stays open), Up and
// Down go through the open menu's items (wrapping, over separators), Home and End jump, Enter or
// Space runs an enabled item, Escape closes the menu and then leaves the bar, and a letter opens
// the menu it marks or goes to the next item starting with it. Pure, so unit tests drive it.

export interface NavItem {
  readonly label: string;
  readonly enabled: boolean;
}

/** A menu as navigation sees it: its label, and its lines (null for a separator). */
export interface NavMenu {
  readonly label: string;
  readonly items: readonly (NavItem | null)[];
}

/** Where the bar is: the menu with focus, whether it is open, and its active item (null: none yet). */
export interface BarPosition {
  readonly menu: number;
  readonly open: boolean;
  readonly item: number | null;
}

export type KeyOutcome =
  /** The key was the bar's: go there (possibly where it already is, for a key that does nothing here). */
  | { readonly kind: "move"; readonly to: BarPosition }
  /** Run this item (enabled), and leave the bar. */
  | { readonly kind: "run"; readonly menu: number; readonly item: number }
  /** Leave the bar: focus goes back to where it was before. */
  | { readonly kind: "leave" }
  /** Not the bar's key (Tab, a shortcut with Ctrl): let it go on. */
  | { readonly kind: "pass" };

/**
 * Each label's access key, as an index into it: its first letter not already taken by a label
 * before it ("File", "Edit", "Export" → F, E, x); -1 when every letter is taken.
 */
export function mnemonics(labels: readonly string[]): number[] {
  const taken = new Set<string>();
  return labels.map((label) => {
    const at = [...label].findIndex((ch) => /\p{L}|\d/u.test(ch) && !taken.has(ch.toLowerCase()));
    if (at >= 0) taken.add(label[at]!.toLowerCase());
    return at;
  });
}

/** The menu whose access key is `letter`, or -1. */
export function menuForLetter(menus: readonly { readonly label: string }[], letter: string): number {
  const marks = mnemonics(menus.map((m) => m.label));
  const l = letter.toLowerCase();
  return menus.findIndex((m, i) => marks[i]! >= 0 && m.label[marks[i]!]!.toLowerCase() === l);
}

/** The next item (not a separator) after `from` going by `step`, wrapping; from null, the first or the last. Null for a menu of separators. */
export function stepItem(items: readonly (NavItem | null)[], from: number | null, step: 1 | -1): number | null {
  const n = items.length;
  let i = from ?? (step === 1 ? -1 : n);
  for (let k = 0; k < n; k++) {
    i = (((i + step) % n) + n) % n;
    if (items[i]) return i;
  }
  return null;
}

/** The next item after `from` (wrapping) whose label starts with `letter`, else `from`. */
export function typeahead(items: readonly (NavItem | null)[], from: number | null, letter: string): number | null {
  const n = items.length;
  const l = letter.toLowerCase();
  for (let k = 1; k <= n; k++) {
    const i = ((from ?? -1) + k + n) % n;
    if (items[i]?.label.toLowerCase().startsWith(l)) return i;
  }
  return from;
}

const wrap = (i: number, n: number): number => ((i % n) + n) % n;

/** What `key` (a KeyboardEvent's key, pressed without Ctrl, Alt or Cmd) does with the bar at `at`. */
export function menuBarKey(menus: readonly NavMenu[], at: BarPosition, key: string): KeyOutcome {
  const n = menus.length;
  const items = menus[at.menu]?.items ?? [];
  const move = (to: BarPosition): KeyOutcome => ({ kind: "move", to });
  const openAt = (menu: number, which: "first" | "last"): KeyOutcome => move({ menu, open: true, item: stepItem(menus[menu]?.items ?? [], null, which === "first" ? 1 : -1) });
  if (key === "Tab") return { kind: "pass" };
  if (!at.open) {
    switch (key) {
      case "ArrowRight": return move({ menu: wrap(at.menu + 1, n), open: false, item: null });
      case "ArrowLeft": return move({ menu: wrap(at.menu - 1, n), open: false, item: null });
      case "Home": return move({ menu: 0, open: false, item: null });
      case "End": return move({ menu: n - 1, open: false, item: null });
      case "ArrowDown": case "Enter": case " ": return openAt(at.menu, "first");
      case "ArrowUp": return openAt(at.menu, "last");
      case "Escape": return { kind: "leave" };
    }
    if ([...key].length === 1) {
      const menu = menuForLetter(menus, key);
      return menu >= 0 ? openAt(menu, "first") : move(at);
    }
    return { kind: "pass" };
  }
  switch (key) {
    case "ArrowDown": return move({ ...at, item: stepItem(items, at.item, 1) });
    case "ArrowUp": return move({ ...at, item: stepItem(items, at.item, -1) });
    case "Home": return move({ ...at, item: stepItem(items, null, 1) });
    case "End": return move({ ...at, item: stepItem(items, null, -1) });
    case "ArrowRight": return openAt(wrap(at.menu + 1, n), "first");
    case "ArrowLeft": return openAt(wrap(at.menu - 1, n), "first");
    case "Escape": return move({ menu: at.menu, open: false, item: null });
    case "Enter": case " ": {
      const item = at.item === null ? null : items[at.item];
      return item?.enabled && at.item !== null ? { kind: "run", menu: at.menu, item: at.item } : move(at);
    }
  }
  if ([...key].length === 1) return move({ ...at, item: typeahead(items, at.item, key) });
  return { kind: "pass" };
}
