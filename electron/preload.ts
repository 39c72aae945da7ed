// Sandboxed preload: exposes the DesktopApi as `window.colliderStudio` and nothing else.
import { contextBridge, ipcRenderer, webUtils } from "electron";
import { createDesktopApi } from "./desktop-api-client";

// Wrapped in a closure so the page cannot reach ipcRenderer through the exposed functions.
const invoke = (channel: string, ...args: unknown[]): Promise<unknown> => ipcRenderer.invoke(channel, ...args);

// The page's listener sees the message's arguments, never the IpcRendererEvent (which holds the sender).
const subscribe = (channel: string, listener: (...args: unknown[]) => void): (() => void) => {
  const wrapped = (_event: unknown, ...args: unknown[]) => listener(...args);
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
};

// A dropped or picked file's path, so an image beside the scene is stored by a relative path.
const pathForFile = (file: object): string => webUtils.getPathForFile(file as File);

contextBridge.exposeInMainWorld("colliderStudio", createDesktopApi(invoke, process.platform, subscribe, pathForFile));
