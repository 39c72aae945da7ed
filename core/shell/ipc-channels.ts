// IPC channel names alone, free of zod, so the sandboxed preload bundle stays small.
export const IPC = {
  openScene: "scene:open",
  saveScene: "scene:save",
} as const;

export type IpcChannel = (typeof IPC)[keyof typeof IPC];
