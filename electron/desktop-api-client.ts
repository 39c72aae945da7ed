// The object the preload exposes as `window.colliderStudio`: each DesktopApi method is one
// `invoke` on its IPC channel. Takes `invoke` as a parameter so it is testable without Electron,
// and so the page never receives ipcRenderer itself.
import type { DesktopApi, OpenedFile, SaveRequest, SaveResult, ShellResult } from "../core/shell/desktop-api";
import { IPC } from "../core/shell/ipc-channels";

export type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

export function createDesktopApi(invoke: Invoke, platform: string): DesktopApi {
  return {
    platform,
    // The main process answers every channel with a ShellResult of the matching type.
    openScene: () => invoke(IPC.openScene) as Promise<ShellResult<OpenedFile>>,
    saveScene: (request: SaveRequest) => invoke(IPC.saveScene, request) as Promise<ShellResult<SaveResult>>,
  };
}
