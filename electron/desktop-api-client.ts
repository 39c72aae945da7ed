// The object the preload exposes as `window.colliderStudio`: each DesktopApi method is one
// `invoke` on its IPC channel. Takes `invoke` as a parameter so it is testable without Electron,
// and so the page never receives ipcRenderer itself.
import type { DesktopApi, DocumentState, ExportRequest, FileChange, ImageFile, ImportRequest, MenuModel, PictureChange, OpenedFile, OpenedPick, PickedImages, ReadImageRequest, ReadTiledFileRequest, WriteTiledMapRequest, RecoveredDocument, RecoveryRequest, ReloadRequest, SaveOutcome, SaveRequest, SaveResult, SaveTargetRequest, ShellResult, TiledFile } from "../core/shell/desktop-api";
import { IPC, IPC_EVENTS } from "../core/shell/ipc-channels";

export type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;
/** Listens on a main-to-page channel; returns an unsubscribe. Listeners get the message's arguments only. */
export type Subscribe = (channel: string, listener: (...args: unknown[]) => void) => () => void;
/** Electron's webUtils.getPathForFile, which throws for anything but a File. */
export type PathForFile = (file: object) => string;

/** The main process sends only ShellResult<OpenedFile> on file:open; anything else never reaches the page. */
function isOpenedFileResult(value: unknown): value is ShellResult<OpenedFile> {
  if (typeof value !== "object" || value === null || !("ok" in value)) return false;
  if (value.ok === true) {
    if (!("value" in value) || typeof value.value !== "object" || value.value === null) return false;
    const file = value.value as Record<string, unknown>;
    return typeof file.path === "string" && typeof file.name === "string" && typeof file.text === "string";
  }
  return value.ok === false && "canceled" in value && (value.canceled === true || ("error" in value && typeof value.error === "string"));
}

/** The main process sends { path, name } on file:changed. */
function isFileChange(value: unknown): value is FileChange {
  return typeof value === "object" && value !== null && "path" in value && typeof value.path === "string" && "name" in value && typeof value.name === "string";
}

/** The main process sends { scenePath, src } on image:changed. */
function isPictureChange(value: unknown): value is PictureChange {
  return typeof value === "object" && value !== null && "scenePath" in value && typeof value.scenePath === "string" && "src" in value && typeof value.src === "string";
}

/** Refused without asking the shell: a path the user did not drop. */
const notDropped = (filePath: string): ShellResult<never> => ({ ok: false, canceled: false, error: `cannot open ${filePath}: it was not dropped on the window` });

/**
 * `wasDropped` tells the paths of files the user dropped on the page (drop-record.ts): only those
 * are sent on the channels that open or import a dropped file.
 */
export function createDesktopApi(invoke: Invoke, platform: string, subscribe: Subscribe, pathForFile: PathForFile = () => "", wasDropped: (filePath: string) => boolean = () => false): DesktopApi {
  return {
    platform,
    // The main process answers every channel with a ShellResult of the matching type.
    openScene: () => invoke(IPC.openScene) as Promise<ShellResult<OpenedPick>>,
    sceneOpened: (filePath: string) => invoke(IPC.sceneOpened, filePath) as Promise<ShellResult<null>>,
    openDropped: async (filePath: string) => (wasDropped(filePath) ? (invoke(IPC.openDropped, filePath) as Promise<ShellResult<null>>) : notDropped(filePath)),
    importDropped: async (filePath: string) => (wasDropped(filePath) ? (invoke(IPC.importDropped, filePath) as Promise<ShellResult<OpenedFile>>) : notDropped(filePath)),
    saveScene: (request: SaveRequest) => invoke(IPC.saveScene, request) as Promise<ShellResult<SaveResult>>,
    chooseSaveTarget: (request: SaveTargetRequest) => invoke(IPC.chooseSaveTarget, request) as Promise<ShellResult<SaveResult>>,
    exportFile: (request: ExportRequest) => invoke(IPC.exportFile, request) as Promise<ShellResult<SaveResult>>,
    importFile: (request: ImportRequest) => invoke(IPC.importFile, request) as Promise<ShellResult<OpenedFile>>,
    setMenu: (model: MenuModel) => invoke(IPC.setMenu, model) as Promise<ShellResult<null>>,
    onMenuCommand: (listener) =>
      subscribe(IPC_EVENTS.menuCommand, (id) => {
        // Only a string reaches the page's listener, whatever arrives.
        if (typeof id === "string") listener(id);
      }),
    reportDocumentState: (state: DocumentState) => invoke(IPC.documentState, state) as Promise<ShellResult<null>>,
    onSaveRequest: (save) =>
      subscribe(IPC_EVENTS.saveRequest, (request) => {
        if (typeof request !== "number") return;
        // A throwing save is a failed one: the shell must hear back, or a close would wait forever.
        const answer = (outcome: SaveOutcome) => void invoke(IPC.saveDone, { request, outcome });
        save().then(answer, () => answer("failed"));
      }),
    onOpenFile: (listener) =>
      subscribe(IPC_EVENTS.openFile, (result) => {
        if (isOpenedFileResult(result)) listener(result);
      }),
    saveRecovery: (request: RecoveryRequest) => invoke(IPC.saveRecovery, request) as Promise<ShellResult<null>>,
    discardRecovery: () => invoke(IPC.discardRecovery) as Promise<ShellResult<null>>,
    takeRecovered: () => invoke(IPC.takeRecovered) as Promise<ShellResult<RecoveredDocument | null>>,
    reloadScene: (request: ReloadRequest) => invoke(IPC.reloadScene, request) as Promise<ShellResult<OpenedFile>>,
    onFileChanged: (listener) =>
      subscribe(IPC_EVENTS.fileChanged, (change) => {
        // Only { path, name } strings reach the page, whatever arrives.
        if (isFileChange(change)) listener({ path: change.path, name: change.name });
      }),
    // Nothing of what arrives reaches the page: the listener is only told.
    onTiledMapChanged: (listener) => subscribe(IPC_EVENTS.tiledMapChanged, () => listener()),
    onPictureChanged: (listener) =>
      subscribe(IPC_EVENTS.pictureChanged, (change) => {
        // Only { scenePath, src } strings reach the page, whatever arrives.
        if (isPictureChange(change)) listener({ scenePath: change.scenePath, src: change.src });
      }),
    readImage: (request: ReadImageRequest) => invoke(IPC.readImage, request) as Promise<ShellResult<ImageFile>>,
    watchImage: (request: ReadImageRequest) => invoke(IPC.watchImage, request) as Promise<ShellResult<null>>,
    pickImages: () => invoke(IPC.pickImages) as Promise<ShellResult<PickedImages>>,
    readTiledFile: (request: ReadTiledFileRequest) => invoke(IPC.readTiledFile, request) as Promise<ShellResult<TiledFile>>,
    writeTiledMap: (request: WriteTiledMapRequest) => invoke(IPC.writeTiledMap, request) as Promise<ShellResult<SaveResult>>,
    pathForFile: (file) => {
      // Not a File (or not one from disk): no path, never an exception into the page.
      try {
        return pathForFile(file);
      } catch {
        return "";
      }
    },
  };
}
