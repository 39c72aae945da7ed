// IPC channel names alone, free of zod, so the sandboxed preload bundle stays small.
/** Channels the page invokes and the main process answers. */
export const IPC = {
  openScene: "scene:open",
  /** The page loaded the scene openScene read (its path): only now is it the open file and a recent one. */
  sceneOpened: "scene:opened",
  saveScene: "scene:save",
  /** Ask where to save or export, before the text is made. */
  chooseSaveTarget: "file:choose-target",
  setMenu: "menu:set",
  exportFile: "file:export",
  importFile: "file:import",
  /** The page reports whether its document has unsaved changes, its name and path. */
  documentState: "document:state",
  /** The page's answer to a saveRequest: { request, outcome }. */
  saveDone: "document:saved",
  /** Autosave: the unsaved document, to keep in the recovery file. */
  saveRecovery: "recovery:save",
  /** The document was saved or its changes discarded: remove the recovery file. */
  discardRecovery: "recovery:discard",
  /** At start: the document the user chose to restore after a crash, once. */
  takeRecovered: "recovery:take",
  /** A scene file dropped on the canvas: open it as Open Recent does (its absolute path). */
  openDropped: "scene:open-dropped",
  /** Read the open file again after it changed on disk. */
  reloadScene: "scene:reload",
  /** Read an image the open scene refers to by a path relative to its folder. */
  readImage: "image:read",
  /** Watch an image beside the open scene that the page has without reading it (one the user just added by its path). */
  watchImage: "image:watch",
  /** Ask for images in the native Open dialog and read them (File → Add Image…). */
  pickImages: "image:pick",
  /** Read a Tiled map's text file (map, tileset, template) by a path relative to the open scene's folder. */
  readTiledFile: "tiled:read",
  /** Save to Map: write the scene's Tiled map back, beside the scene. */
  writeTiledMap: "tiled:write",
  /** A Tiled map file dropped on the canvas: read it to import, as File → Import Tiled map… does (its absolute path). */
  importDropped: "tiled:import-dropped",
} as const;

/** Channels the main process sends to the page. */
export const IPC_EVENTS = {
  /** A native menu item was chosen: its action id. */
  menuCommand: "menu:command",
  /** Save the document before a close or an open (the unsaved-changes prompt's Save): a request number. */
  saveRequest: "document:save-request",
  /** A scene the main process opened (Open Recent, the OS): a ShellResult<OpenedFile>. */
  openFile: "file:open",
  /** Another program changed the open file on disk: `{ path, name }`. */
  fileChanged: "file:changed",
  /** A file of the open scene's Tiled map (the map, a tileset, a template) changed on disk: no arguments. */
  tiledMapChanged: "tiled:changed",
  /** A picture the page read through image:read for the open scene changed on disk: `{ scenePath, src }`. */
  pictureChanged: "image:changed",
} as const;

export type IpcChannel = (typeof IPC)[keyof typeof IPC];
