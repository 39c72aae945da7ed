// The paths of files the user dropped on the page, as the preload sees trusted drop events. The
// page may ask the shell to open or import a file by its path only when it is one of these: a
// script in the page can make a File but not give it a path on disk, nor make a trusted drop.

/** Drops remembered: the newest, a few drops' worth. */
const KEPT = 64;

export interface DropRecord {
  /** Records the paths of one drop's files ("" for a file that is not on disk is left out). */
  record(paths: readonly string[]): void;
  /** Whether `filePath` was among the files of a drop. */
  has(filePath: string): boolean;
}

export function createDropRecord(kept = KEPT): DropRecord {
  const paths: string[] = [];
  return {
    record(dropped) {
      for (const p of dropped) {
        if (p === "") continue;
        const at = paths.indexOf(p);
        if (at >= 0) paths.splice(at, 1);
        paths.push(p);
      }
      if (paths.length > kept) paths.splice(0, paths.length - kept);
    },
    has: (filePath) => paths.includes(filePath),
  };
}

/** The part of a DOM drop event the preload reads. */
export interface DropEventLike {
  readonly isTrusted: boolean;
  readonly dataTransfer: { readonly files: ArrayLike<object> } | null;
}

/** Records a drop's file paths when the drop is the user's (trusted), through Electron's webUtils.getPathForFile. */
export function recordDrop(record: DropRecord, event: DropEventLike, pathForFile: (file: object) => string): void {
  if (!event.isTrusted || !event.dataTransfer) return;
  const paths: string[] = [];
  for (let i = 0; i < event.dataTransfer.files.length; i++) {
    try {
      paths.push(pathForFile(event.dataTransfer.files[i]!));
    } catch {
      // Not a file from disk: nothing to record.
    }
  }
  record.record(paths);
}
