// Zoom, fit, what the mouse wheel does, grid, snapping, names, the mini-map and the colour theme, reloading the Tiled map, and nudging the selection with the arrow keys.
import { toggleTheme } from "../store/actions";
import { fitToView, nudge, resetZoom, toggleGrid, toggleMiniMap, toggleNames, toggleSnap, toggleWheelZooms, zoomIn, zoomOut } from "../store/view-actions";
import { canSaveToMap, hasTiledMap, reloadTiledMap, saveToMapAsksFolder } from "../app/map-commands";
import type { Action, KeyChord } from "./types";

const arrows: readonly [string, string, number, number][] = [
  ["Left", "ArrowLeft", -1, 0],
  ["Right", "ArrowRight", 1, 0],
  ["Up", "ArrowUp", 0, -1],
  ["Down", "ArrowDown", 0, 1],
];

const nudgeActions: readonly Action[] = arrows.flatMap(([name, key, dx, dy]): Action[] => [
  { id: `view.nudge${name}`, label: `Nudge ${name.toLowerCase()}`, group: "View", section: "nudge", keys: [{ key }], run: (editor) => nudge(editor, dx, dy, false) },
  { id: `view.nudge${name}Cell`, label: `Nudge ${name.toLowerCase()} one grid cell`, group: "View", section: "nudge", keys: [{ key, shift: true }], run: (editor) => nudge(editor, dx, dy, true) },
]);

// Ctrl+Shift+= types "+" on US layouts; "+" alone comes from the numpad.
const ZOOM_IN_KEYS: readonly KeyChord[] = [{ key: "=", mod: true }, { key: "+", mod: true, shift: true, alias: true }, { key: "+", mod: true }];

export const VIEW_ACTIONS: readonly Action[] = [
  { id: "view.zoomIn", label: "Zoom in", group: "View", section: "zoom", keys: ZOOM_IN_KEYS, run: zoomIn, global: true },
  { id: "view.zoomOut", label: "Zoom out", group: "View", section: "zoom", keys: [{ key: "-", mod: true }], run: zoomOut, global: true },
  { id: "view.resetZoom", label: "Zoom to 100%", group: "View", section: "zoom", keys: [{ key: "0", mod: true }], run: resetZoom, global: true },
  // Shift+1 types "!" on US layouts: the event's key is then "!".
  { id: "view.fit", label: "Fit to view", group: "View", section: "zoom", keys: [{ key: "1", shift: true }, { key: "!", shift: true, alias: true }, { key: "Home" }], run: fitToView },
  // Off, the wheel scrolls as in Tiled; Ctrl+wheel zooms either way.
  { id: "view.wheelZooms", label: "Mouse wheel zooms", group: "View", section: "zoom", keys: [], run: toggleWheelZooms, checked: (editor) => editor.getState().wheel === "zoom", keywords: ["scroll", "pan", "trackpad", "touchpad"] },
  // Ctrl+G first, as Tiled binds it: menus show the first chord.
  { id: "view.toggleGrid", label: "Show grid", group: "View", section: "show", keys: [{ key: "g", mod: true }, { key: "'", mod: true }], run: toggleGrid, global: true, checked: (editor) => editor.getState().grid.visible },
  { id: "view.toggleSnap", label: "Snap to grid", group: "View", section: "show", keys: [{ key: "s", shift: true }], run: toggleSnap, checked: (editor) => editor.getState().grid.snap },
  { id: "view.toggleNames", label: "Show names on shapes", group: "View", section: "show", keys: [], run: toggleNames, checked: (editor) => editor.getState().showNames },
  // As Tiled's View → Views and Toolbars → Mini-map: hidden until asked for.
  { id: "view.toggleMiniMap", label: "Mini-map", group: "View", section: "show", keys: [], run: toggleMiniMap, checked: (editor) => editor.getState().showMiniMap, keywords: ["minimap", "overview", "navigator", "world view"] },
  // No shortcut: Ctrl+Shift+T reopens a closed tab in browsers, and a theme is rarely switched.
  { id: "view.toggleTheme", label: "Toggle light/dark theme", group: "View", section: "show", keys: [], run: toggleTheme },
  // As Tiled reloads a map changed on disk; the desktop app also does it by itself.
  { id: "view.reloadTiledMap", label: "Reload Tiled Map", title: (editor) => (saveToMapAsksFolder(editor) && canSaveToMap(editor) ? "Reload Tiled Map…" : "Reload Tiled Map"), group: "View", section: "map", keys: [], run: (editor) => void reloadTiledMap(editor), enabled: hasTiledMap, whyDisabled: () => "Reload Tiled Map needs a scene made from a Tiled map (File → Import Tiled map…)", keywords: ["refresh", "tileset", "backdrop"] },
  ...nudgeActions,
];
