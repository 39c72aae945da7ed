// Scene files the OS hands the app: a path on the command line (also what a file association
// runs), macOS 'open-file' events, and a second launch's command line forwarded by the
// single-instance lock. Each goes through the same way as Open Recent: ask about unsaved changes,
// read through the file service, send to the page.
import path from "node:path";
import type { OpenedFile, ShellResult } from "../core/shell/desktop-api";
import { confirmUnsavedChanges, type MessageBoxLike, type PageLike } from "./close-guard";

export interface ArgvContext {
  /** Electron's process.defaultApp: run as `electron <app folder>`, so argv[1] is the app, not a file. */
  readonly defaultApp: boolean;
  /** Where relative paths start (the launching shell's folder for a second instance). */
  readonly cwd: string;
}

/**
 * The first file named on an Electron command line, as an absolute path; undefined when there is
 * none. Skips the executable (and the app folder in development) and every switch: Chromium adds
 * its own (`--original-process-start-time=…`, `--allow-file-access-from-files`) to a second
 * instance's argv, and macOS once passed `-psn_…`. After `--`, everything is a file.
 */
export function sceneFileFromArgv(argv: readonly string[], { defaultApp, cwd }: ArgvContext): string | undefined {
  let switches = true;
  for (const arg of argv.slice(defaultApp ? 2 : 1)) {
    if (switches && arg === "--") {
      switches = false;
      continue;
    }
    if ((switches && arg.startsWith("-")) || arg.trim() === "") continue;
    return path.resolve(cwd, arg);
  }
  return undefined;
}

export interface FileOpener {
  /** Opens the file once the page is ready; while it is not, only the latest request is kept. */
  request(filePath: string): void;
  /** The page has loaded and reported its document: run the waiting request. */
  pageReady(): void;
  /** The window is gone: hold requests until the next page is ready. */
  pageGone(): void;
  /** Resolves once every request made so far has been handled (tests). */
  idle(): Promise<void>;
}

/** Queues open requests that arrive before the page can take them (macOS sends 'open-file' before 'ready'). */
export function createFileOpener(open: (filePath: string) => Promise<unknown>, warn: (line: string) => void = () => {}): FileOpener {
  let ready = false;
  let waiting: string | undefined;
  // One at a time: two files dropped on the dock must not ask about unsaved changes at once.
  let chain: Promise<void> = Promise.resolve();
  const run = (filePath: string) => {
    chain = chain.then(async () => { await open(filePath); }).catch((err: unknown) => warn(`cannot open ${filePath}: ${(err instanceof Error ? err.message : String(err)).split("\n")[0] ?? ""}`));
  };
  return {
    request(filePath) {
      if (ready) run(filePath);
      else waiting = filePath;
    },
    pageReady() {
      ready = true;
      if (waiting === undefined) return;
      const filePath = waiting;
      waiting = undefined;
      run(filePath);
    },
    pageGone() {
      ready = false;
    },
    idle: () => chain,
  };
}

export interface OpenInEditorOptions {
  readonly page: PageLike;
  readonly dialog: MessageBoxLike;
  readonly openPath: (filePath: string) => Promise<ShellResult<OpenedFile>>;
  /** Hands the outcome to the page (IPC_EVENTS.openFile), which loads it or shows the error. */
  readonly send: (result: ShellResult<OpenedFile>) => void;
  /** A file that cannot be read (moved, deleted) leaves the recent list. */
  readonly forget?: (filePath: string) => void;
  readonly warn?: (line: string) => void;
}

/** Opens a path the user chose outside a dialog, after asking about unsaved changes; false when they kept the document. */
export function openInEditor({ page, dialog, openPath, send, forget = () => {}, warn }: OpenInEditorOptions): (filePath: string) => Promise<boolean> {
  return async (filePath) => {
    if (!(await confirmUnsavedChanges(page, dialog, warn))) return false;
    const result = await openPath(filePath);
    if (!result.ok) forget(filePath);
    send(result);
    return true;
  };
}
