// Sandboxed preload: exposes the DesktopApi as `window.colliderStudio` and nothing else.
import { contextBridge, ipcRenderer } from "electron";
import { createDesktopApi } from "./desktop-api-client";

// Wrapped in a closure so the page cannot reach ipcRenderer through the exposed functions.
const invoke = (channel: string, ...args: unknown[]): Promise<unknown> => ipcRenderer.invoke(channel, ...args);

contextBridge.exposeInMainWorld("colliderStudio", createDesktopApi(invoke, process.platform));
