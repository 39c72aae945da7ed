// Stand-ins for the File System Access API's pickers and handles over a folder held in the page,
// for tests and benches of the web build's folder commands (Open Scene in Folder…, Import Tiled
// Map in Folder…), which headless Chromium cannot answer with real dialogs.
import type { Page } from "playwright-core";

/**
 * The folder "game" holding `files` (path → base64), for the File System Access API's pickers:
 * the folder picker gives it; the Open picker gives the next path the page's `__open` lists; the
 * Save picker makes the next file `__saveAs` lists (writes are kept in `__writes`, and in the file).
 * With no path listed, a picker is cancelled. `__pickedAt` is when the Open picker was last asked;
 * `__setFile(path, text)` changes a file as another program would.
 */
export async function fakeFolder(page: Page, files: Record<string, string>): Promise<void> {
  await page.addInitScript((files) => {
    type Node = { kind: "file"; name: string; bytes: Uint8Array } | { kind: "directory"; name: string; children: Node[] };
    const tree: Node = { kind: "directory", name: "game", children: [] };
    const dirAt = (names: string[]): Extract<Node, { kind: "directory" }> => {
      let dir = tree as Extract<Node, { kind: "directory" }>;
      for (const n of names) {
        let next = dir.children.find((c) => c.name === n && c.kind === "directory") as Extract<Node, { kind: "directory" }> | undefined;
        if (!next) dir.children.push((next = { kind: "directory", name: n, children: [] }));
        dir = next;
      }
      return dir;
    };
    const fileAt = (path: string): Extract<Node, { kind: "file" }> => {
      const names = path.split("/");
      const dir = dirAt(names.slice(0, -1));
      let file = dir.children.find((c) => c.name === names.at(-1) && c.kind === "file") as Extract<Node, { kind: "file" }> | undefined;
      if (!file) dir.children.push((file = { kind: "file", name: names.at(-1)!, bytes: new Uint8Array() }));
      return file;
    };
    for (const [path, base64] of Object.entries(files)) fileAt(path).bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const state = window as unknown as { __open: string[]; __saveAs: string[]; __writes: { path: string; text: string }[] };
    state.__open = [];
    state.__saveAs = [];
    state.__writes = [];
    const notFound = (name: string) => new DOMException(`${name} was not found`, "NotFoundError");
    const fileHandle = (path: string, node: Extract<Node, { kind: "file" }>) => ({
      kind: "file",
      name: node.name,
      node,
      getFile: async () => new File([node.bytes as Uint8Array<ArrayBuffer>], node.name),
      queryPermission: async () => "granted",
      requestPermission: async () => "granted",
      createWritable: async () => {
        let written = "";
        return {
          write: async (d: string) => void (written += d),
          close: async () => {
            node.bytes = new TextEncoder().encode(written);
            state.__writes.push({ path, text: written });
          },
          abort: async () => undefined,
        };
      },
    });
    const dirHandle = (node: Extract<Node, { kind: "directory" }>): unknown => ({
      kind: "directory",
      name: node.name,
      getDirectoryHandle: async (name: string) => {
        const child = node.children.find((c) => c.name === name && c.kind === "directory");
        if (!child || child.kind !== "directory") throw notFound(name);
        return dirHandle(child);
      },
      getFileHandle: async (name: string, options?: { create?: boolean }) => {
        let child = node.children.find((c) => c.name === name && c.kind === "file");
        if (!child && options?.create) node.children.push((child = { kind: "file", name, bytes: new Uint8Array() }));
        if (!child || child.kind !== "file") throw notFound(name);
        return fileHandle(name, child);
      },
      resolve: async (h: { node: Node }) => {
        const walk = (n: Node, path: string[]): string[] | null => {
          if (n === h.node) return path;
          if (n.kind !== "directory") return null;
          for (const c of n.children) {
            const found = walk(c, [...path, c.name]);
            if (found) return found;
          }
          return null;
        };
        return walk(node, []);
      },
    });
    Object.assign(window, {
      // What another program (Tiled) writes into the folder.
      __setFile: (path: string, text: string) => void (fileAt(path).bytes = new TextEncoder().encode(text)),
      showDirectoryPicker: async () => dirHandle(tree),
      showOpenFilePicker: async () => {
        (window as unknown as { __pickedAt: number }).__pickedAt = performance.now();
        const path = state.__open.shift();
        if (!path) throw new DOMException("The user aborted a request.", "AbortError");
        return [fileHandle(path, fileAt(path))];
      },
      showSaveFilePicker: async () => {
        const path = state.__saveAs.shift();
        if (!path) throw new DOMException("The user aborted a request.", "AbortError");
        return fileHandle(path, fileAt(path));
      },
    });
  }, files);
}

