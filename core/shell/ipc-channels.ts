// IPC channel names alone, free of zod, so the sandboxed preload bundle stays small.
/** Channels the page invokes and the main process answers. */
export const IPC = {
  openScene: "scene:open",
  saveScene: "scene:save",
  setMenu: "menu:set",
  exportFile: "file:export",
  importFile: "file:import",
} as const;

/** Channels the main process sends to the page. */
export const IPC_EVENTS = {
  /** A native menu item was chosen: its action id. */
  menuCommand: "menu:command",
} as const;

export type IpcChannel = (typeof IPC)[keyof typeof IPC];
