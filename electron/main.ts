// Electron's main process. Thin by design: it only hands Electron's real objects to the modules
// beside it, which hold the logic and are tested with fakes.
import { watch } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { app, BrowserWindow, dialog, ipcMain, Menu, session, shell } from "electron";
import type { RecoveredDocument } from "../core/shell/desktop-api";
import { IPC_EVENTS } from "../core/shell/ipc-channels";
import { applicationMenuTemplate, editorMenuTemplate } from "./app-menu";
import { appIndexUrl } from "./app-url";
import { createSceneFileService, type DialogLike } from "./file-service";
import { createFileWatch, watchingFileService } from "./file-watch";
import { registerSceneIpc } from "./ipc";
import { createRecovery, nodeRecoveryFileSystem, offerRecovery, RECOVERY_FOLDER, removeRecoveryOnCleanQuit, type MessageBoxLike } from "./recovery";
import { registerRecoveryIpc } from "./recovery-ipc";
import { readSettings, SETTINGS_FILE_NAME } from "./settings";
import { applyContentSecurityPolicy, denyAllPermissions, guardWebContents } from "./security";
import { mainWindowOptions } from "./window-options";

// This file runs as dist/electron/main.cjs; Vite builds the page into dist/renderer/.
const indexPath = path.join(__dirname, "..", "renderer", "index.html");
const preloadPath = path.join(__dirname, "preload.cjs");
const indexUrl = appIndexUrl(indexPath);

let editorWindow: BrowserWindow | undefined;

/** File dialogs are modal to the editor window when there is one. */
const editorDialog: DialogLike = {
  showOpenDialog: (options) => (editorWindow ? dialog.showOpenDialog(editorWindow, options) : dialog.showOpenDialog(options)),
  showSaveDialog: (options) => (editorWindow ? dialog.showSaveDialog(editorWindow, options) : dialog.showSaveDialog(options)),
};

/** Message boxes are modal to the editor window when there is one. */
const editorMessageBox: MessageBoxLike = {
  showMessageBox: (options) => (editorWindow ? dialog.showMessageBox(editorWindow, options) : dialog.showMessageBox(options)),
};

const readText = (file: string) => readFile(file, "utf8");
const log = (message: string) => console.error(`Collider Studio: ${message}`);

function oneLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split("\n")[0] ?? "";
}

function openEditorWindow(): void {
  const window = new BrowserWindow(mainWindowOptions(preloadPath));
  editorWindow = window;
  window.once("ready-to-show", () => window.show());
  window.on("closed", () => {
    if (editorWindow === window) editorWindow = undefined;
  });
  window.loadFile(indexPath).catch((err: unknown) => {
    console.error(`Collider Studio: cannot load the editor page ${indexPath}: ${oneLine(err)}`);
  });
}

function focusEditorWindow(): void {
  if (!editorWindow) return;
  if (editorWindow.isMinimized()) editorWindow.restore();
  editorWindow.focus();
}

if (!app.requestSingleInstanceLock()) {
  // Another Collider Studio is running; it receives 'second-instance' and comes to the front.
  app.quit();
} else {
  app.enableSandbox();
  app.on("second-instance", focusEditorWindow);
  // Every web contents, including any the page might create, is kept on the editor page.
  app.on("web-contents-created", (_event, contents) => {
    guardWebContents(contents, { indexUrl, openExternal: (url) => shell.openExternal(url) });
  });
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });
  app.on("activate", () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) openEditorWindow();
  });

  app
    .whenReady()
    .then(async () => {
      const { settings, warning } = await readSettings(path.join(app.getPath("userData"), SETTINGS_FILE_NAME), readText);
      if (warning !== undefined) log(warning);
      applyContentSecurityPolicy(session.defaultSession);
      denyAllPermissions(session.defaultSession);
      Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(process.platform, !app.isPackaged)));
      const policy = { indexUrl, editorContents: () => editorWindow?.webContents };
      const timers = { setTimeout: (run: () => void, ms: number) => setTimeout(run, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };
      const recovery = createRecovery({
        folder: path.join(app.getPath("userData"), RECOVERY_FOLDER),
        fs: nodeRecoveryFileSystem,
        now: Date.now,
        ...timers,
        onError: log,
      });
      const fileWatch = createFileWatch({
        watch: (folder, listener) => watch(folder, listener),
        readText,
        onChange: (change) => editorWindow?.webContents.send(IPC_EVENTS.fileChanged, change),
        ...timers,
        onError: log,
      });
      const files = watchingFileService(createSceneFileService({ dialog: editorDialog, backups: settings.backups }), fileWatch, readText);
      let restored: Promise<RecoveredDocument | null> = Promise.resolve(null);
      registerRecoveryIpc(ipcMain, { recovery, files, restored: () => restored }, policy);
      removeRecoveryOnCleanQuit(app, recovery, () => fileWatch.stop());
      registerSceneIpc(
        ipcMain,
        files,
        policy,
        (model) => {
          const run = (id: string) => editorWindow?.webContents.send(IPC_EVENTS.menuCommand, id);
          Menu.setApplicationMenu(Menu.buildFromTemplate(editorMenuTemplate(process.platform, !app.isPackaged, model, run)));
        },
      );
      openEditorWindow();
      // Asked over the window once it shows (a sheet on a hidden window may never appear); the
      // page waits for the answer when it asks for the document.
      const shown = new Promise<void>((resolve) => {
        if (editorWindow) editorWindow.once("show", () => resolve());
        else resolve();
      });
      restored = shown.then(() => offerRecovery(recovery, editorMessageBox)).catch((err: unknown) => {
        log(`cannot offer to restore unsaved changes: ${oneLine(err)}`);
        return null;
      });
    })
    .catch((err: unknown) => {
      console.error(`Collider Studio: cannot start: ${oneLine(err)}`);
      app.exit(1);
    });
}
