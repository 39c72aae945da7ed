// Zoom, fit, what the mouse wheel does, grid, snapping, names, the mini-map and the colour theme, and reloading the Tiled map.
import { toggleTheme } from "../store/actions";
import { fitToView, resetZoom, toggleGrid, toggleMiniMap, toggleNames, toggleSnap, toggleWheelZooms, zoomIn, zoomOut } from "../store/view-actions";
import { canSaveToMap, hasTiledMap, reloadTiledMap, saveToMapAsksFolder } from "../app/map-commands";
import type { Action, KeyChord } from "./types";

// Ctrl+Shift+= types "+" on US layouts; "+" alone comes from the numpad.
const ZOOM_IN_KEYS: readonly KeyChord[] = [{ key: "=", mod: true }, { key: "+", mod: true, shift: true, alias: true }, { key: "+", mod: true }];

export const VIEW_ACTIONS: readonly Action[] = [
  { id: "view.zoomIn", label: "Zoom in", group: "View", section: "zoom", keys: ZOOM_IN_KEYS, run: zoomIn, global: true },
  { id: "view.zoomOut", label: "Zoom out", group: "View", section: "zoom", keys: [{ key: "-", mod: true }], run: zoomOut, global: true },
  { id: "view.resetZoom", label: "Zoom to 100%", group: "View", section: "zoom", keys: [{ key: "0", mod: true }], run: resetZoom, global: true },
  // Shift+1 types "!" on US layouts: the event's key is then "!".
  { id: "view.fit", label: "Fit to view", group: "View", section: "zoom", keys: [{ key: "1", shift: true }, { key: "!", shift: true, alias: true }, { key: "Home" }], run: fitToView, keywords: ["zoom", "frame", "focus", "selection"] },
  // Off, the wheel scrolls as in Tiled; Ctrl+wheel zooms either way.
  { id: "view.wheelZooms", label: "Mouse wheel zooms", group: "View", section: "zoom", keys: [], run: toggleWheelZooms, checked: (editor) => editor.getState().wheel === "zoom", keywords: ["scroll", "pan", "trackpad", "touchpad"] },
  // Ctrl+G first, as Tiled binds it: menus show the first chord.
  { id: "view.toggleGrid", label: "Show grid", group: "View", section: "show", keys: [{ key: "g", mod: true }, { key: "'", mod: true }], run: toggleGrid, global: true, checked: (editor) => editor.getState().grid.visible, keywords: ["toggle"] },
  { id: "view.toggleSnap", label: "Snap to grid", group: "View", section: "show", keys: [{ key: "s", shift: true }], run: toggleSnap, checked: (editor) => editor.getState().grid.snap, keywords: ["toggle"] },
  { id: "view.toggleNames", label: "Show names on shapes", group: "View", section: "show", keys: [], run: toggleNames, checked: (editor) => editor.getState().showNames, keywords: ["toggle", "labels"] },
  // As Tiled's View → Views and Toolbars → Mini-map: hidden until asked for.
  { id: "view.toggleMiniMap", label: "Mini-map", group: "View", section: "show", keys: [], run: toggleMiniMap, checked: (editor) => editor.getState().showMiniMap, keywords: ["toggle", "minimap", "overview", "navigator", "world view"] },
  // No shortcut: Ctrl+Shift+T reopens a closed tab in browsers, and a theme is rarely switched.
  { id: "view.toggleTheme", label: "Toggle light/dark theme", group: "View", section: "show", keys: [], run: toggleTheme },
  // As Tiled reloads a map changed on disk; the desktop app also does it by itself.
  { id: "view.reloadTiledMap", label: "Reload Tiled Map", title: (editor) => (saveToMapAsksFolder(editor) && canSaveToMap(editor) ? "Reload Tiled Map…" : "Reload Tiled Map"), group: "View", section: "map", keys: [], run: (editor) => void reloadTiledMap(editor), enabled: hasTiledMap, whyDisabled: () => "Reload Tiled Map needs a scene made from a Tiled map (File → Import Tiled map…)", keywords: ["refresh", "tileset", "backdrop"] },
];
