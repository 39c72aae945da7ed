// The bottom dock's layout (open or folded, its height, the tab shown) kept across runs as the
// grid and the theme are (stored.ts).
import { useEffect, useState } from "react";
import { readStored, storedFields, writeStored } from "../stored";

export type DockTab = "objects" | "probes" | "contacts" | "history";
export const DOCK_TABS: readonly DockTab[] = ["objects", "probes", "contacts", "history"];

export interface DockLayout {
  readonly open: boolean;
  /** The height of the open dock in CSS pixels, its tab strip included. */
  readonly height: number;
  readonly tab: DockTab;
}

export const DOCK_STORAGE_KEY = "collider-studio.dock";
export const DOCK_MIN_HEIGHT = 90;
export const DEFAULT_DOCK: DockLayout = { open: true, height: 150, tab: "objects" };

/** The dock's height kept between DOCK_MIN_HEIGHT and `max` (half the window at most, say). */
export const clampDockHeight = (h: number, max: number): number => Math.round(Math.max(DOCK_MIN_HEIGHT, Math.min(h, Math.max(DOCK_MIN_HEIGHT, max))));

/** The saved layout, field by field: a field that is missing or malformed keeps its default. */
export function parseDockLayout(saved: unknown): DockLayout {
  const { open, height, tab } = storedFields(saved);
  return {
    open: typeof open === "boolean" ? open : DEFAULT_DOCK.open,
    height: typeof height === "number" && Number.isFinite(height) && height >= DOCK_MIN_HEIGHT && height <= 4000 ? height : DEFAULT_DOCK.height,
    tab: DOCK_TABS.find((t) => t === tab) ?? DEFAULT_DOCK.tab,
  };
}

/** The dock's layout, saved whenever it changes. */
export function useDockLayout(): [DockLayout, (change: Partial<DockLayout>) => void] {
  const [layout, setLayout] = useState(() => parseDockLayout(readStored(DOCK_STORAGE_KEY)));
  useEffect(() => writeStored(DOCK_STORAGE_KEY, layout), [layout]);
  return [layout, (change) => setLayout((l) => ({ ...l, ...change }))];
}
