// The web menu bar's keys, without a browser: where each key goes from the bar and from an open
// menu, over separators and around the ends, and which keys run, leave or are not the bar's.
import { describe, expect, it } from "vitest";
import { menuBarKey, menuForLetter, mnemonics, stepItem, typeahead, type BarPosition, type NavMenu } from "../../renderer/app/menu-navigation";

const item = (label: string, enabled = true) => ({ label, enabled });
const MENUS: NavMenu[] = [
  { label: "File", items: [item("New"), item("Open…"), null, item("Import Tiled map…"), null, item("Close ray log", false)] },
  { label: "Edit", items: [item("Undo", false), item("Redo", false), null, item("Cut"), item("Copy")] },
  { label: "Export", items: [item("Export as Godot 4"), item("Export as Tiled")] },
  { label: "Help", items: [item("Command palette…"), item("Keyboard shortcuts")] },
];

const bar = (menu: number): BarPosition => ({ menu, open: false, item: null });
const open = (menu: number, at: number | null): BarPosition => ({ menu, open: true, item: at });
const key = (at: BarPosition, k: string) => menuBarKey(MENUS, at, k);
const to = (at: BarPosition) => ({ kind: "move", to: at });

describe("access keys", () => {
  it("take each label's first letter not taken before it", () => {
    expect(mnemonics(["File", "Edit", "View", "Export", "Tools", "Help"])).toEqual([0, 0, 0, 1, 0, 0]);
    expect(mnemonics(["Aa", "a", "AAA"])).toEqual([0, -1, -1]);
    expect(menuForLetter(MENUS, "x")).toBe(2);
    expect(menuForLetter(MENUS, "E")).toBe(1);
    expect(menuForLetter(MENUS, "q")).toBe(-1);
  });
});

describe("items", () => {
  const items = MENUS[0]!.items;
  it("step over separators and wrap around both ends", () => {
    expect(stepItem(items, null, 1)).toBe(0);
    expect(stepItem(items, null, -1)).toBe(5);
    expect(stepItem(items, 1, 1)).toBe(3);
    expect(stepItem(items, 3, -1)).toBe(1);
    expect(stepItem(items, 5, 1)).toBe(0);
    expect(stepItem(items, 0, -1)).toBe(5);
    expect(stepItem([null, null], null, 1)).toBeNull();
  });

  it("are found by their first letter, after the active one, wrapping; no match stays", () => {
    expect(typeahead(MENUS[1]!.items, null, "c")).toBe(3);
    expect(typeahead(MENUS[1]!.items, 3, "C")).toBe(4);
    expect(typeahead(MENUS[1]!.items, 4, "c")).toBe(3);
    expect(typeahead(MENUS[1]!.items, 4, "z")).toBe(4);
  });
});

describe("keys on the bar (no menu open)", () => {
  it("Left and Right go from menu to menu, wrapping; Home and End jump", () => {
    expect(key(bar(0), "ArrowRight")).toEqual(to(bar(1)));
    expect(key(bar(0), "ArrowLeft")).toEqual(to(bar(3)));
    expect(key(bar(3), "ArrowRight")).toEqual(to(bar(0)));
    expect(key(bar(2), "Home")).toEqual(to(bar(0)));
    expect(key(bar(0), "End")).toEqual(to(bar(3)));
  });

  it("Down, Enter and Space open the menu at its first item, Up at its last", () => {
    for (const k of ["ArrowDown", "Enter", " "]) expect(key(bar(1), k)).toEqual(to(open(1, 0)));
    expect(key(bar(0), "ArrowUp")).toEqual(to(open(0, 5)));
  });

  it("a letter opens the menu it marks; another letter does nothing; Escape leaves; Tab and F5 are not the bar's", () => {
    expect(key(bar(0), "x")).toEqual(to(open(2, 0)));
    expect(key(bar(0), "h")).toEqual(to(open(3, 0)));
    expect(key(bar(1), "q")).toEqual(to(bar(1)));
    expect(key(bar(1), "Escape")).toEqual({ kind: "leave" });
    expect(key(bar(1), "Tab")).toEqual({ kind: "pass" });
    expect(key(bar(1), "F5")).toEqual({ kind: "pass" });
  });
});

describe("keys in an open menu", () => {
  it("Up and Down move through items, from none to the first or last", () => {
    expect(key(open(0, null), "ArrowDown")).toEqual(to(open(0, 0)));
    expect(key(open(0, null), "ArrowUp")).toEqual(to(open(0, 5)));
    expect(key(open(0, 1), "ArrowDown")).toEqual(to(open(0, 3)));
    expect(key(open(0, 5), "ArrowDown")).toEqual(to(open(0, 0)));
    expect(key(open(0, 3), "Home")).toEqual(to(open(0, 0)));
    expect(key(open(0, 0), "End")).toEqual(to(open(0, 5)));
  });

  it("Left and Right open the next menu at its first item, wrapping", () => {
    expect(key(open(0, 3), "ArrowRight")).toEqual(to(open(1, 0)));
    expect(key(open(0, 3), "ArrowLeft")).toEqual(to(open(3, 0)));
    expect(key(open(3, 1), "ArrowRight")).toEqual(to(open(0, 0)));
  });

  it("Enter and Space run an enabled item; a disabled one or none stays open and runs nothing", () => {
    expect(key(open(0, 1), "Enter")).toEqual({ kind: "run", menu: 0, item: 1 });
    expect(key(open(1, 3), " ")).toEqual({ kind: "run", menu: 1, item: 3 });
    expect(key(open(0, 5), "Enter")).toEqual(to(open(0, 5)));
    expect(key(open(1, 0), "Enter")).toEqual(to(open(1, 0)));
    expect(key(open(1, null), "Enter")).toEqual(to(open(1, null)));
  });

  it("Escape closes the menu and keeps the bar; a letter goes to the next item starting with it; Tab passes", () => {
    expect(key(open(2, 1), "Escape")).toEqual(to(bar(2)));
    expect(key(open(0, null), "i")).toEqual(to(open(0, 3)));
    expect(key(open(0, 3), "q")).toEqual(to(open(0, 3)));
    expect(key(open(0, 3), "Tab")).toEqual({ kind: "pass" });
  });
});
