// The pictures of the document, decoded once each and kept by where they come from: a data: URL
// by itself, a relative path with the scene it is relative to. Each entry is loading (nothing or a
// coarse level yet), ready (its levels), or failed (the line its placeholder shows). Views follow
// `version`, bumped whenever an entry changes. How bytes are read and decoded is the loader's
// (image-source.ts and pyramid.ts in the page; fakes in tests; none at all: nothing loads).
import { createStore, type StoreApi } from "zustand/vanilla";
import type { ImageType } from "../../core";
import type { ImageBytes } from "./image-source";

/** A decoded level as the cache holds it; the page's are pyramid.ts's Levels. */
export interface CachedLevel {
  readonly width: number;
  readonly height: number;
}

export interface ImageLoader<L extends CachedLevel> {
  read(src: string, scenePath: string | undefined): Promise<ImageBytes>;
  decode(bytes: Uint8Array, type: ImageType, onSize: (width: number, height: number, levels: number) => void, onLevel: (k: number, level: L) => void): Promise<void>;
  /** Frees a level no entry holds any more. */
  close(level: L): void;
  /** The alpha (0–255) of the level's pixel (x, y), when the loader can read it (the page's can). */
  alphaAt?(level: L, x: number, y: number): number | null;
}

export type ImageEntry<L extends CachedLevel> =
  | { readonly state: "loading" }
  | { readonly state: "ready"; readonly width: number; readonly height: number; readonly levels: readonly (L | undefined)[] }
  | { readonly state: "failed"; readonly message: string };

/** What reading a picture again made: drawn anew, not (why, and whether an earlier drawing stays), or nothing (a src not held). */
export type Redraw =
  | { readonly kind: "redrawn"; readonly width: number; readonly height: number }
  | { readonly kind: "failed"; readonly message: string; readonly kept: boolean }
  | { readonly kind: "none" };

/** The cache's key for a src: a data: URL is the same picture anywhere, a path only beside the same scene. */
export const imageKey = (src: string, scenePath: string | undefined): string => (src.startsWith("data:") ? src : `${scenePath ?? ""}\n${src}`);

export class ImageCache<L extends CachedLevel> {
  readonly version: StoreApi<{ readonly count: number }> = createStore(() => ({ count: 0 }));
  private readonly entries = new Map<string, ImageEntry<L>>();
  private readonly sized = new Map<string, Promise<ImageEntry<L>>>();
  /** The reload an entry waits for: an older one, or one whose entry was dropped meanwhile, changes nothing. */
  private readonly reloading = new Map<string, object>();

  constructor(private readonly loader: ImageLoader<L> | null) {}

  /** The entry of a src, if it was asked for. */
  entry(src: string, scenePath: string | undefined): ImageEntry<L> | undefined {
    return this.entries.get(imageKey(src, scenePath));
  }

  /** The picture's size in pixels, once known. */
  pixelSize(src: string, scenePath: string | undefined): { readonly width: number; readonly height: number } | null {
    const e = this.entry(src, scenePath);
    return e?.state === "ready" ? e : null;
  }

  /**
   * Whether the picture is not fully transparent at (u, v), its fractions of the width and height
   * (0 the left or top edge): read from the finest level decoded so far. Null when the pixels are
   * not at hand (still loading, failed, or a loader that cannot read them).
   */
  opaqueAt(src: string, scenePath: string | undefined, u: number, v: number): boolean | null {
    const e = this.entry(src, scenePath);
    const read = this.loader?.alphaAt;
    if (e?.state !== "ready" || !read) return null;
    const level = e.levels.find((l) => l !== undefined);
    if (!level) return null;
    const x = Math.min(level.width - 1, Math.max(0, Math.floor(u * level.width)));
    const y = Math.min(level.height - 1, Math.max(0, Math.floor(v * level.height)));
    const alpha = read.call(this.loader, level, x, y);
    return alpha === null ? null : alpha > 0;
  }

  /** The entry of a src, starting its load when it is new (no loader: undefined, nothing loads). */
  request(src: string, scenePath: string | undefined): ImageEntry<L> | undefined {
    const key = imageKey(src, scenePath);
    const known = this.entries.get(key);
    if (known || !this.loader) return known;
    this.load(key, this.loader.read(src, scenePath));
    return this.entries.get(key);
  }

  /**
   * Decodes bytes already at hand (a file being added) under `src`; resolves once its size is
   * known, or with why it cannot be shown. A src known already is not decoded again.
   */
  provide(src: string, scenePath: string | undefined, bytes: Uint8Array, type: ImageType): Promise<ImageEntry<L>> {
    const key = imageKey(src, scenePath);
    if (!this.entries.has(key) && this.loader) this.load(key, Promise.resolve({ ok: true, bytes, type }));
    return this.sized.get(key) ?? Promise.resolve(this.entries.get(key) ?? { state: "failed", message: "images are not decoded here" });
  }

  /**
   * Reads and decodes a picture held again (it changed on disk), swapping it in once decoded whole:
   * what was drawn stays until then, and stays when the new bytes cannot be read or decoded (a
   * picture that had failed takes the new reason). A src not held: nothing.
   */
  async reload(src: string, scenePath: string | undefined): Promise<Redraw> {
    const key = imageKey(src, scenePath);
    const loader = this.loader;
    if (!loader || !this.entries.has(key)) return { kind: "none" };
    const token = {};
    this.reloading.set(key, token);
    // A first load under way gets its size first: the reload then replaces what it made.
    await this.sized.get(key);
    const stale = () => this.reloading.get(key) !== token || !this.entries.has(key);
    const failed = (message: string): Redraw => {
      if (stale()) return { kind: "none" };
      this.reloading.delete(key);
      const kept = this.entries.get(key)?.state === "ready";
      if (!kept) this.replace(key, { state: "failed", message });
      return { kind: "failed", message, kept };
    };
    const read = await loader.read(src, scenePath).catch((err: unknown) => ({ ok: false as const, message: `cannot read the image: ${String(err)}` }));
    if (stale()) return { kind: "none" };
    if (!read.ok) return failed(read.message);
    const levels: (L | undefined)[] = [];
    let size: { width: number; height: number } | null = null;
    try {
      await loader.decode(
        read.bytes,
        read.type,
        (width, height, count) => {
          size = { width, height };
          levels.length = count;
        },
        (k, level) => (levels[k] = level),
      );
    } catch (err) {
      for (const level of levels) if (level) loader.close(level);
      return failed(`cannot decode the image: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (stale() || size === null) {
      for (const level of levels) if (level) loader.close(level);
      return size === null ? failed("cannot decode the image") : { kind: "none" };
    }
    this.reloading.delete(key);
    const { width, height } = size;
    this.replace(key, { state: "ready", width, height, levels });
    return { kind: "redrawn", width, height };
  }

  /** Puts `next` in place of a held entry, freeing the bitmaps of the one it replaces. */
  private replace(key: string, next: ImageEntry<L>): void {
    const before = this.entries.get(key);
    this.entries.set(key, next);
    this.sized.set(key, Promise.resolve(next));
    if (before?.state === "ready") for (const level of before.levels) if (level) this.loader?.close(level);
    this.bump();
  }

  /** Forgets every picture but those under `keys` (another document was opened), freeing their bitmaps. */
  retainOnly(keys: ReadonlySet<string>): void {
    let changed = false;
    for (const [key, e] of this.entries) {
      if (keys.has(key)) continue;
      this.entries.delete(key);
      this.sized.delete(key);
      this.reloading.delete(key);
      if (e.state === "ready") for (const level of e.levels) if (level) this.loader?.close(level);
      changed = true;
    }
    if (changed) this.bump();
  }

  private bump(): void {
    this.version.setState((s) => ({ count: s.count + 1 }));
  }

  private load(key: string, bytes: Promise<ImageBytes>): void {
    const loader = this.loader!;
    const loading: ImageEntry<L> = { state: "loading" };
    this.entries.set(key, loading);
    let current: ImageEntry<L> = loading;
    // Still this load's entry: a retainOnly may have dropped it meanwhile.
    const mine = () => this.entries.get(key) === current;
    const set = (next: ImageEntry<L>) => {
      current = next;
      this.entries.set(key, next);
      this.bump();
    };
    let sizeKnown: (e: ImageEntry<L>) => void = () => {};
    this.sized.set(key, new Promise((resolve) => (sizeKnown = resolve)));
    const fail = (message: string) => {
      if (!mine()) return;
      set({ state: "failed", message });
      sizeKnown(current);
    };
    void (async () => {
      const read = await bytes.catch((err: unknown) => ({ ok: false as const, message: `cannot read the image: ${String(err)}` }));
      if (!read.ok) return fail(read.message);
      const levels: (L | undefined)[] = [];
      await loader.decode(
        read.bytes,
        read.type,
        (width, height, count) => {
          if (!mine()) return;
          levels.length = count;
          set({ state: "ready", width, height, levels });
          sizeKnown(current);
        },
        (k, level) => {
          if (!mine()) return loader.close(level);
          levels[k] = level;
          set({ ...(current as Extract<ImageEntry<L>, { state: "ready" }>), levels });
        },
      ).catch((err: unknown) => fail(`cannot decode the image: ${err instanceof Error ? err.message : String(err)}`));
    })();
  }
}
