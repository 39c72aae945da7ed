// The export formats by the names the command line's --format and the editor's Export menu use,
// with the file type each writes. Every exporter is a pure function: scene in, text out.
import type { Scene } from "../scene/types";
import { exportBox2d, type Box2dCapsuleMode } from "./box2d";
import { exportGodot, godotImageNotes, type GodotExportOptions } from "./godot";
import type { ImageExportOptions, ImageNote } from "./images";
import { box2dLeftOut, godotLeftOut, phaserMatterLeftOut, tiledLeftOut } from "./left-out";
import { exportPhaserMatter, type PhaserBodiesMode } from "./phaser-matter";
import { exportTiled, tiledImageNotes, type TiledExportOptions } from "./tiled";

/** Options that only some formats read; each says which. */
export interface ExportOptions {
  /** godot, godot3: the root node's name (default "Colliders"). */
  readonly rootName?: string;
  /** tiled: "capsule" (Tiled 1.12 capsule objects, the default) or "polygon" (for older Tiled). */
  readonly tiledCapsules?: "capsule" | "polygon";
  /** tiled: the map's tile size in pixels (default 32). */
  readonly tileSize?: number;
  /** box2d: scene pixels per Box2D metre (default 32). */
  readonly pixelsPerMeter?: number;
  /** box2d: "circles-and-box" (exact, the default) or "polygon" (one circumscribed 8-gon). */
  readonly box2dCapsules?: Box2dCapsuleMode;
  /** box2d: 16 (Box2D v2.x filter bits, the default) or 32 (Box2D v3, planck). */
  readonly filterBits?: 16 | 32;
  /** phaser-matter: "shape" (one body per shape, the default) or "layer" (one per layer and collision bits). */
  readonly phaserBodies?: PhaserBodiesMode;
  /** phaser-matter: a chain edge's quad thickness in scene pixels (default 1). */
  readonly chainThickness?: number;
  /** godot, godot3: a sprite per scene image under the colliders (default false; Tiled always writes image layers). */
  readonly withImages?: boolean;
  /** tiled, godot, godot3: where the images are and the folder the export's paths start from (default: the scene's). */
  readonly images?: ImageExportOptions;
}

export interface ExportFormat {
  /** The --format value. */
  readonly id: string;
  /** For menus: "Godot 4 scene (.tscn)". */
  readonly label: string;
  /** The file type: a dialog filter name and extensions (without the dot; the first is written). */
  readonly type: { readonly name: string; readonly extensions: readonly string[] };
  /**
   * A second extension before the type's, for formats that share one (Godot 3 and 4's .tscn, Box2D's
   * .json and the scene's own): `level.godot3.tscn`, `level.b2d.json`.
   */
  readonly suffix?: string;
  readonly write: (scene: Scene, options: ExportOptions) => string;
  /** What the export leaves out of the scene's images or cannot show as the scene has them; absent: it writes no images. */
  readonly imageNotes?: (scene: Scene, options: ExportOptions) => readonly ImageNote[];
  /** What the format cannot carry of the scene (classes, properties, one-sidedness, …), one line each (left-out.ts); absent: it carries everything. */
  readonly leftOut?: (scene: Scene, options: ExportOptions) => readonly string[];
  /** The options the scene keeps for this format (Scene.exportOptions), as ExportOptions; absent: it keeps none. */
  readonly stored?: (scene: Scene) => ExportOptions;
}

/** `o` without its undefined fields: a stored option left out is no override. */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

function godotOptions(version: 3 | 4, o: ExportOptions): GodotExportOptions {
  return { version, ...(o.rootName === undefined ? {} : { rootName: o.rootName }), ...(o.withImages ? { withImages: true } : {}), ...(o.images === undefined ? {} : { images: o.images }) };
}

function tiledOptions(o: ExportOptions): TiledExportOptions {
  return { ...(o.tiledCapsules === undefined ? {} : { capsules: o.tiledCapsules }), ...(o.tileSize === undefined ? {} : { tileSize: o.tileSize }), ...(o.images === undefined ? {} : { images: o.images }) };
}

export const EXPORT_FORMATS: readonly ExportFormat[] = [
  {
    id: "godot",
    label: "Godot 4 scene (.tscn)",
    type: { name: "Godot 4 scene", extensions: ["tscn"] },
    write: (scene, o) => exportGodot(scene, godotOptions(4, o)),
    imageNotes: (scene, o) => godotImageNotes(scene, godotOptions(4, o)),
    leftOut: (scene, o) => godotLeftOut(scene, godotOptions(4, o)),
    stored: (scene) => defined({ rootName: scene.exportOptions?.godot?.rootName }),
  },
  {
    id: "godot3",
    label: "Godot 3 scene (.tscn)",
    type: { name: "Godot 3 scene", extensions: ["tscn"] },
    suffix: "godot3",
    write: (scene, o) => exportGodot(scene, godotOptions(3, o)),
    imageNotes: (scene, o) => godotImageNotes(scene, godotOptions(3, o)),
    leftOut: (scene, o) => godotLeftOut(scene, godotOptions(3, o)),
    stored: (scene) => defined({ rootName: scene.exportOptions?.godot3?.rootName }),
  },
  {
    id: "tiled",
    label: "Tiled map (.tmj)",
    type: { name: "Tiled map", extensions: ["tmj"] },
    write: (scene, o) => exportTiled(scene, tiledOptions(o)),
    imageNotes: (scene, o) => tiledImageNotes(scene, tiledOptions(o)),
    leftOut: (scene) => tiledLeftOut(scene),
    stored: (scene) => defined({ tiledCapsules: scene.exportOptions?.tiled?.capsules }),
  },
  {
    id: "box2d",
    label: "Box2D JSON (b2dJson / RUBE)",
    type: { name: "Box2D JSON", extensions: ["json"] },
    suffix: "b2d",
    write: (scene, o) => exportBox2d(scene, {
      ...(o.pixelsPerMeter === undefined ? {} : { pixelsPerMeter: o.pixelsPerMeter }),
      ...(o.box2dCapsules === undefined ? {} : { capsules: o.box2dCapsules }),
      ...(o.filterBits === undefined ? {} : { filterBits: o.filterBits }),
    }),
    leftOut: (scene, o) => box2dLeftOut(scene, o.filterBits === undefined ? {} : { filterBits: o.filterBits }),
    stored: ({ exportOptions: { box2d: o } = {} }) => defined({ pixelsPerMeter: o?.pixelsPerMeter, box2dCapsules: o?.capsules, filterBits: o?.filterBits }),
  },
  {
    id: "phaser-matter",
    label: "Phaser Matter (PhysicsEditor JSON)",
    type: { name: "Phaser Matter JSON", extensions: ["json"] },
    suffix: "phaser",
    write: (scene, o) => exportPhaserMatter(scene, {
      ...(o.phaserBodies === undefined ? {} : { bodies: o.phaserBodies }),
      ...(o.chainThickness === undefined ? {} : { chainThickness: o.chainThickness }),
    }),
    leftOut: (scene, o) => phaserMatterLeftOut(scene, {
      ...(o.phaserBodies === undefined ? {} : { bodies: o.phaserBodies }),
      ...(o.chainThickness === undefined ? {} : { chainThickness: o.chainThickness }),
    }),
    stored: ({ exportOptions: { "phaser-matter": o } = {} }) => defined({ phaserBodies: o?.bodies, chainThickness: o?.chainThickness }),
  },
];

export const exportFormat = (id: string): ExportFormat | undefined => EXPORT_FORMATS.find((f) => f.id === id);

/**
 * What an export of `scene` in `format` runs with: the options the scene keeps for the format
 * (Export Options…), each overridden by one `given` sets (a CLI flag, the editor's folders).
 */
export function exportOptionsFor(scene: Scene, format: ExportFormat, given: ExportOptions = {}): ExportOptions {
  return { ...format.stored?.(scene), ...defined(given) };
}

/** The name an export of `sceneName` ("level.json") is offered under, before the type's extension: "level", "level.godot3". */
export function exportBaseName(sceneName: string, format: Pick<ExportFormat, "suffix">): string {
  const base = sceneName.replace(/\.json$/i, "") || "untitled";
  return format.suffix === undefined ? base : `${base}.${format.suffix}`;
}
