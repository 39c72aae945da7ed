// Sandboxed preload: exposes the DesktopApi as `window.colliderStudio` and nothing else.
import { contextBridge, ipcRenderer, webUtils } from "electron";
import { createDesktopApi } from "./desktop-api-client";
import { createDropRecord, recordDrop } from "./drop-record";

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

// The files the user drops, seen before the page's own handler (capture): the page may ask the
// shell to open or import only these.
const drops = createDropRecord();
window.addEventListener("drop", (event) => recordDrop(drops, event, pathForFile), true);

contextBridge.exposeInMainWorld("colliderStudio", createDesktopApi(invoke, process.platform, subscribe, pathForFile, (filePath) => drops.has(filePath)));
