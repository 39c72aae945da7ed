// The scene's Tiled map as the editor holds it: loaded once per (map, scene folder), then kept
// ready (its backdrop model and what was wrong on the way) or failed (why), as the image cache
// keeps pictures; and how it is shown (visible, opacity), which is the window's view of it, not
// part of the scene: it is not saved, not undone, and it stays as it is when another scene opens.
// Views follow `version`. How files are read is the reader's (read-text.ts in the page; fakes in
// tests; none at all: nothing loads); the map's pictures have an image cache of their own.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { JsonValue, JsonObject } from "../../core/tiled/types";
import type { TiledMapRef } from "../../core";
import { ImageCache, type ImageLoader, type Redraw } from "../images/image-cache";
import type { Level } from "../images/pyramid";
import { loadBackdropMap } from "./load";
import { buildBackdrop, type BackdropMap } from "./model";
import type { TiledTextReader } from "./read-text";

export type BackdropEntry =
  | { readonly state: "loading" }
  | { readonly state: "ready"; readonly map: BackdropMap; readonly problems: readonly string[] }
  | { readonly state: "failed"; readonly problems: readonly string[] };

export interface BackdropDisplay {
  readonly visible: boolean;
  /** 0–1, multiplied into every layer's own opacity. */
  readonly opacity: number;
}

/** The cache's key: a map's path means another file beside another scene. */
export const backdropKey = (src: string, scenePath: string | undefined): string => `${scenePath ?? ""}\n${src}`;

/** The scene's `tiledMap` as the editor keeps it (among the fields of the file it does not edit), if well formed. */
export function tiledMapOf(extras: Readonly<Record<string, unknown>>): TiledMapRef | null {
  const t = extras.tiledMap as JsonValue | undefined;
  return typeof t === "object" && t !== null && !Array.isArray(t) && typeof (t as JsonObject).src === "string" ? { src: (t as JsonObject).src as string } : null;
}

/** The last part of a path: what the Layers panel calls the map. */
export const mapName = (src: string): string => src.slice(src.lastIndexOf("/") + 1);

export class TiledBackdrop {
  readonly version: StoreApi<{ readonly count: number }> = createStore(() => ({ count: 0 }));
  readonly display: StoreApi<BackdropDisplay> = createStore(() => ({ visible: true, opacity: 1 }));
  /** Bumped when a picture is drawn anew (it changed on disk): the chunks drawn from the old one are forgotten. */
  readonly redrawn: StoreApi<{ readonly count: number }> = createStore(() => ({ count: 0 }));
  /** The map's pictures (tilesets, image layers), apart from the scene's own images. */
  readonly pictures: ImageCache<Level>;
  private readonly entries = new Map<string, BackdropEntry>();
  /** The text of a map as it was imported (by backdropKey), read where the reader cannot read the map itself (a browser given the map alone). */
  private readonly given = new Map<string, string>();

  constructor(readonly reader: TiledTextReader | null, pictures: ImageLoader<Level> | null = null) {
    this.pictures = new ImageCache(pictures);
  }

  entry(src: string, scenePath: string | undefined): BackdropEntry | undefined {
    return this.entries.get(backdropKey(src, scenePath));
  }

  /**
   * The map's own text as an import read it, for the map at `src` beside `scenePath`: a browser
   * given the map alone cannot read it again, yet a map that needs no other file (no external
   * tilesets, no pictures) has all it needs in it. Kept until another map or folder is retained.
   */
  give(src: string, scenePath: string | undefined, text: string): void {
    this.given.set(backdropKey(src, scenePath), text);
  }

  /** The entry of a map, starting its load when it is new (no reader: undefined, nothing loads). */
  request(src: string, scenePath: string | undefined): BackdropEntry | undefined {
    const key = backdropKey(src, scenePath);
    const known = this.entries.get(key);
    if (known || !this.reader) return known;
    const loading: BackdropEntry = { state: "loading" };
    this.entries.set(key, loading);
    void this.load(key, src, scenePath, this.reader, false);
    return loading;
  }

  /**
   * Reads every map held again, with its tilesets and pictures (View → Reload Tiled Map, or the
   * desktop app seeing the map's files change): what was drawn stays until the new reading is in.
   */
  reload(): Promise<void> {
    const reader = this.reader;
    if (!reader) return Promise.resolve();
    return Promise.all([...this.entries.keys()].map((key) => {
      const place = this.places.get(key);
      return place ? this.load(key, place.src, place.scenePath, reader, true) : undefined;
    })).then(() => undefined);
  }

  /** The maps held: what reload reads again. */
  private readonly places = new Map<string, { readonly src: string; readonly scenePath: string | undefined }>();
  /** The load whose result an entry waits for: an older one (retained away, or reloaded since) says nothing. */
  private readonly pending = new Map<string, object>();

  private load(key: string, src: string, scenePath: string | undefined, reader: TiledTextReader, again: boolean): Promise<void> {
    const token = {};
    this.pending.set(key, token);
    this.places.set(key, { src, scenePath });
    return (async () => {
      let next: BackdropEntry;
      try {
        const given = this.given.get(key);
        const loaded = await loadBackdropMap(src, async (path) => {
          const read = await reader(path, scenePath);
          return !read.ok && path === src && given !== undefined ? { ok: true, text: given } : read;
        });
        if (!loaded.ok) next = { state: "failed", problems: loaded.problems };
        else {
          const built = buildBackdrop(loaded.resolved, src);
          next = built.ok ? { state: "ready", map: built.map, problems: [...loaded.problems, ...built.problems] } : { state: "failed", problems: [...loaded.problems, ...built.problems] };
        }
      } catch (err) {
        next = { state: "failed", problems: [`cannot show ${src}: ${err instanceof Error ? err.message : String(err)}`] };
      }
      // Dropped meanwhile (another scene), or read again since: nothing to say.
      if (this.pending.get(key) !== token) return;
      this.pending.delete(key);
      // Pictures read again too: the new map asks for them (TiledMapLayer) once it is in.
      if (again) this.pictures.retainOnly(new Set());
      this.entries.set(key, next);
      this.bump();
    })();
  }

  /** Forgets every map but the one under `key` (another scene was opened, or the same saved elsewhere). */
  retainOnly(key: string | null): void {
    let changed = false;
    for (const k of [...this.given.keys()]) if (k !== key) this.given.delete(k);
    for (const k of [...this.entries.keys()]) {
      if (k === key) continue;
      this.entries.delete(k);
      this.places.delete(k);
      this.pending.delete(k);
      changed = true;
    }
    if (changed) this.bump();
  }

  /** A picture of the map changed on disk: it is read again and, once decoded, the backdrop is drawn with it (ImageCache.reload). */
  async reloadPicture(src: string, scenePath: string | undefined): Promise<Redraw> {
    const redraw = await this.pictures.reload(src, scenePath);
    if (redraw.kind === "redrawn") this.redrawn.setState((s) => ({ count: s.count + 1 }));
    return redraw;
  }

  setDisplay(patch: Partial<BackdropDisplay>): void {
    this.display.setState((d) => ({ visible: patch.visible ?? d.visible, opacity: Math.min(1, Math.max(0, patch.opacity ?? d.opacity)) }));
  }

  private bump(): void {
    this.version.setState((s) => ({ count: s.count + 1 }));
  }
}
