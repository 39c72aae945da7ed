// Electron's main process. Thin by design: it only hands Electron's real objects to the modules
// beside it, which hold the logic and are tested with fakes.
import { existsSync, watch } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { app, BrowserWindow, dialog, ipcMain, Menu, screen, session, shell } from "electron";
import type { DocumentState, MenuModel, OpenedFile, RecoveredDocument, ShellResult } from "../core/shell/desktop-api";
import { IPC_EVENTS } from "../core/shell/ipc-channels";
import { applicationMenuTemplate, editorMenuTemplate, type RecentMenu } from "./app-menu";
import { appIndexUrl } from "./app-url";
import { guardWindowClose } from "./close-guard";
import { applyPageJsFlags } from "./engine-flags";
import { createEditorPage, registerDocumentIpc } from "./document-ipc";
import { createSceneFileService, type DialogLike } from "./file-service";
import { createFileWatch, watchingFileService, type FileWatch, type WatchedFileService } from "./file-watch";
import { createImageFiles, nodeImageFileSystem, readBytesWithin } from "./image-files";
import { registerImageIpc } from "./image-ipc";
import { createTiledFiles, readableScenes } from "./tiled-files";
import { registerTiledIpc } from "./tiled-ipc";
import { createPictureWatch } from "./picture-watch";
import { createTiledWatch } from "./tiled-watch";
import { registerSceneIpc } from "./ipc";
import { createFileOpener, openInEditor, sceneFileFromArgv } from "./open-from-os";
import { loadRecentFiles, type RecentFiles } from "./recent-files";
import { createRecovery, nodeRecoveryFileSystem, offerRecovery, RECOVERY_FOLDER, removeRecoveryOnCleanQuit, type Recovery } from "./recovery";
import { registerRecoveryIpc } from "./recovery-ipc";
import { readSettings, SETTINGS_FILE_NAME } from "./settings";
import { applyContentSecurityPolicy, denyAllPermissions, guardWebContents } from "./security";
import { mainWindowOptions } from "./window-options";
import { loadWindowState, restoreWindowBounds, type WindowStateStore } from "./window-state";

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

function oneLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split("\n")[0] ?? "";
}

const warn = (line: string): void => console.warn(`Collider Studio: ${line}`);
const readText = (file: string) => readFile(file, "utf8");

/**
 * Message boxes (the unsaved-changes prompt, Restore / Discard) are modal to the editor window
 * when there is one. Typed with Electron's options, so it serves close-guard.ts and recovery.ts alike.
 */
const editorMessageBox = {
  showMessageBox: (options: Electron.MessageBoxOptions) => (editorWindow ? dialog.showMessageBox(editorWindow, options) : dialog.showMessageBox(options)),
};

function sendToPage(channel: string, ...args: unknown[]): boolean {
  const contents = editorWindow?.webContents;
  if (!contents || contents.isDestroyed()) return false;
  contents.send(channel, ...args);
  return true;
}

// Loaded in whenReady, before the menu and the window need them.
let recentFiles: RecentFiles | undefined;
let windowState: WindowStateStore | undefined;
/** Scene files (Open, Save, Open Recent, the OS, Reload), with the open file watched; made once settings.json is read. */
let sceneFiles: WatchedFileService | undefined;
let fileWatch: FileWatch | undefined;
let recovery: Recovery | undefined;
let editorMenuModel: MenuModel | undefined;
/** A quit is under way; a window kept open by the unsaved-changes prompt cancels it. */
let quitting = false;
/**
 * The editor page crashed and no page has reported since: the close guard then knows of no unsaved
 * changes, so closing or quitting must not take the recovery file for a clean end; it is kept for
 * the next start to offer.
 */
let pageCrashed = false;
/** whenReady has loaded the saved state and opened the first window; until then nothing else opens one. */
let started = false;

const editorPage = createEditorPage(sendToPage);

/** Reads a file the user chose outside a dialog; only asked for once the page is ready, after whenReady. */
function openPath(filePath: string): Promise<ShellResult<OpenedFile>> {
  if (!sceneFiles) return Promise.resolve({ ok: false, canceled: false, error: `cannot open ${filePath}: Collider Studio is still starting` });
  return sceneFiles.openPath(filePath);
}

const fileOpener = createFileOpener(
  openInEditor({
    page: editorPage,
    dialog: editorMessageBox,
    openPath,
    send: (result) => sendToPage(IPC_EVENTS.openFile, result),
    forget: (filePath) => void recentFiles?.remove(filePath),
    warn,
  }),
  warn,
);

/** Open Recent, the command line, a file association, a second launch: open it in the editor window. */
function openFromOutside(filePath: string): void {
  if (started && !editorWindow) openEditorWindow();
  focusEditorWindow();
  fileOpener.request(filePath);
}

/** The menu bar from the page's registry, with Open Recent (pruned of files gone since). */
function applyEditorMenu(model: MenuModel | undefined = editorMenuModel): void {
  if (!model) return;
  editorMenuModel = model;
  const run = (id: string) => sendToPage(IPC_EVENTS.menuCommand, id);
  const list = recentFiles;
  const recent: RecentMenu | undefined = list && {
    files: list.prune(),
    open: openFromOutside,
    clear: () => {
      void list.clear();
      app.clearRecentDocuments();
    },
  };
  Menu.setApplicationMenu(Menu.buildFromTemplate(editorMenuTemplate(process.platform, !app.isPackaged, model, run, recent)));
}

/** Title bar: macOS's edited dot and the document's proxy icon (only for a path the user chose). */
function showDocumentState(state: DocumentState): void {
  pageCrashed = false;
  fileOpener.pageReady();
  if (!editorWindow || process.platform !== "darwin") return;
  editorWindow.setDocumentEdited(state.dirty);
  editorWindow.setRepresentedFilename(state.path !== undefined && sceneFiles?.isAllowed(state.path) === true ? state.path : "");
}

function openEditorWindow(): void {
  const options = mainWindowOptions(preloadPath);
  // The primary display first: a window whose display is gone is centred there.
  const primary = screen.getPrimaryDisplay();
  const displays = [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)];
  const { maximized, ...bounds } = restoreWindowBounds(windowState?.saved, displays, options);
  // Electronegativity reads one file at a time, so it cannot see the options built in
  // window-options.ts (contextIsolation and sandbox on, asserted by window-options.test.ts), nor
  // that security.ts denies every new window a middle-click (auxclick) could open.
  const window = new BrowserWindow({ ...options, ...bounds }); // eng-disable CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK AUXCLICK_JS_CHECK
  editorWindow = window;
  windowState?.track(window);
  guardWindowClose(window, {
    page: editorPage,
    dialog: editorMessageBox,
    onCancel: () => {
      quitting = false;
    },
    warn,
  });
  window.webContents.on("render-process-gone", () => {
    pageCrashed = true;
    editorPage.reset();
    fileOpener.pageGone();
  });
  window.once("ready-to-show", () => {
    if (maximized) window.maximize();
    window.show();
  });
  window.on("closed", () => {
    if (editorWindow === window) editorWindow = undefined;
    editorPage.reset();
    fileOpener.pageGone();
    // The window closed clean, saved, or after Don't Save: its document is not work to restore
    // after a later crash (macOS keeps the app running without a window), nor to watch. Unless its
    // page had crashed: then nobody was asked, and the autosaved work stays for the next start.
    fileWatch?.stop();
    if (!pageCrashed) void recovery?.discard();
    // The unsaved-changes prompt held the quit; the user has answered it.
    if (quitting) app.quit();
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

// Before the page's renderer starts: its V8 flags come from the main process's command line.
applyPageJsFlags(app.commandLine);

if (!app.requestSingleInstanceLock()) {
  // Another Collider Studio is running; it receives 'second-instance' and comes to the front.
  app.quit();
} else {
  app.enableSandbox();
  app.on("second-instance", (_event, argv, workingDirectory) => {
    focusEditorWindow();
    const file = sceneFileFromArgv(argv, { defaultApp: process.defaultApp === true, cwd: workingDirectory });
    if (file !== undefined) openFromOutside(file);
  });
  // macOS: a scene double-clicked in the Finder or dropped on the dock icon, possibly before 'ready'.
  app.on("open-file", (event, filePath) => {
    event.preventDefault();
    openFromOutside(filePath);
  });
  app.on("before-quit", () => {
    quitting = true;
  });
  // The window state is written when the window closes; let that write land before exiting. Every
  // will-quit until then is held (recovery.ts holds the quit for its own removal the same way).
  let stateFlushed = false;
  let stateFlushing = false;
  app.on("will-quit", (event) => {
    if (stateFlushed || !windowState) return;
    event.preventDefault();
    if (stateFlushing) return;
    stateFlushing = true;
    void windowState.flush().finally(() => {
      stateFlushed = true;
      app.quit();
    });
  });
  // Files on the list may have been moved or deleted while the app was in the background.
  app.on("browser-window-focus", () => applyEditorMenu());
  // Every web contents, including any the page might create, is kept on the editor page.
  app.on("web-contents-created", (_event, contents) => {
    // guardWebContents hands over only http(s) links (isWebLink, tested in security.test.ts).
    guardWebContents(contents, { indexUrl, openExternal: (url) => shell.openExternal(url) }); // eng-disable OPEN_EXTERNAL_JS_CHECK
  });
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });
  app.on("activate", () => {
    if (started && BrowserWindow.getAllWindows().length === 0) openEditorWindow();
  });

  app
    .whenReady()
    .then(async () => {
      applyContentSecurityPolicy(session.defaultSession);
      denyAllPermissions(session.defaultSession);
      Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(process.platform, !app.isPackaged)));
      const userData = app.getPath("userData");
      // Each in its own file: settings.json is the user's (read only), the others the app's.
      const [settingsRead, recent, state] = await Promise.all([
        readSettings(path.join(userData, SETTINGS_FILE_NAME), readText),
        loadRecentFiles({ file: path.join(userData, "recent-files.json"), exists: existsSync, warn, onChange: () => applyEditorMenu() }),
        loadWindowState({ file: path.join(userData, "window-state.json"), warn }),
      ]);
      recentFiles = recent;
      windowState = state;
      if (settingsRead.warning !== undefined) warn(settingsRead.warning);
      const timers = { setTimeout: (run: () => void, ms: number) => setTimeout(run, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };
      const recoveryStore = createRecovery({ folder: path.join(userData, RECOVERY_FOLDER), fs: nodeRecoveryFileSystem, now: Date.now, ...timers, onError: warn });
      const openFileWatch = createFileWatch({
        watch: (folder, listener) => watch(folder, listener),
        readText,
        onChange: (change) => sendToPage(IPC_EVENTS.fileChanged, change),
        ...timers,
        onError: warn,
      });
      // Beside a chosen scene, or a map imported in this session, the page may read images and Tiled files.
      const readable = readableScenes((filePath) => files.isAllowed(filePath));
      const imageDialog = { showOpenDialog: (options: Electron.OpenDialogOptions) => (editorWindow ? dialog.showOpenDialog(editorWindow, options) : dialog.showOpenDialog(options)) };
      // The pictures the page reads are watched, as LDtk and Tiled do: a change redraws that picture.
      const pictureWatch = createPictureWatch({ watch: (folder, listener) => watch(folder, listener), readBytes: (file) => readBytesWithin(nodeImageFileSystem, file), onChange: (change) => sendToPage(IPC_EVENTS.pictureChanged, change), ...timers, onError: warn });
      const imageFiles = createImageFiles({ dialog: imageDialog, isAllowed: (scenePath) => readable.isReadable(scenePath), onRead: (scenePath, src, file, bytes) => pictureWatch.read(scenePath, src, file, bytes) });
      const files = watchingFileService(
        createSceneFileService({
          dialog: editorDialog,
          backups: settingsRead.settings.backups,
          readImage: (filePath) => imageFiles.readPicked(filePath),
          onImported: (filePath) => readable.addImported(filePath),
          chosenBefore: (filePath) => recentFiles?.has(filePath) ?? false,
          onSceneFile: (filePath) => {
            void recentFiles?.add(filePath);
            // The OS's own list: the dock menu on macOS, the jump list on Windows.
            app.addRecentDocument(filePath);
          },
        }),
        openFileWatch,
        readText,
      );
      recovery = recoveryStore;
      fileWatch = openFileWatch;
      sceneFiles = files;
      const policy = { indexUrl, editorContents: () => editorWindow?.webContents };
      let restored: Promise<RecoveredDocument | null> = Promise.resolve(null);
      registerSceneIpc(ipcMain, files, policy, applyEditorMenu);
      registerDocumentIpc(ipcMain, policy, editorPage, showDocumentState, openFromOutside);
      registerRecoveryIpc(ipcMain, { recovery: recoveryStore, files, restored: () => restored }, policy);
      registerImageIpc(ipcMain, imageFiles, policy);
      // The map's files the page reads are watched, as Tiled does: a change redraws the backdrop.
      const tiledWatch = createTiledWatch({ watch: (folder, listener) => watch(folder, listener), readText, onChange: () => sendToPage(IPC_EVENTS.tiledMapChanged), ...timers, onError: warn });
      registerTiledIpc(ipcMain, createTiledFiles({ isAllowed: (scenePath) => readable.isReadable(scenePath), backups: settingsRead.settings.backups, onRead: (scenePath, file, text) => tiledWatch.read(scenePath, file, text), onWrite: (file, text) => tiledWatch.wrote(file, text) }), policy, (filePath) => files.importPath(filePath));
      removeRecoveryOnCleanQuit(app, recoveryStore, () => {
        openFileWatch.stop();
        tiledWatch.stop();
        pictureWatch.stop();
      }, () => pageCrashed);
      openEditorWindow();
      started = true;
      // Asked over the window once it shows (a sheet on a hidden window may never appear); the
      // page waits for the answer when it asks for the document, and reports itself ready (so a
      // file from the OS opens) only after that.
      const shown = new Promise<void>((resolve) => {
        if (editorWindow) editorWindow.once("show", () => resolve());
        else resolve();
      });
      restored = shown
        .then(() => offerRecovery(recoveryStore, editorMessageBox))
        .catch((err: unknown) => {
          warn(`cannot offer to restore unsaved changes: ${oneLine(err)}`);
          return null;
        });
      const launchFile = sceneFileFromArgv(process.argv, { defaultApp: process.defaultApp === true, cwd: process.cwd() });
      if (launchFile !== undefined) fileOpener.request(launchFile);
    })
    .catch((err: unknown) => {
      console.error(`Collider Studio: cannot start: ${oneLine(err)}`);
      app.exit(1);
    });
}
