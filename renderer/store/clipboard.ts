// The clipboard's pure half: what a copy of the selection holds, how its text is read back, and
// where a paste puts it. Store actions (renderer/actions/edit-actions.ts) do the writing.
//
// A copy holds the selected shapes and probes, plus every sweep probe that moves a copied shape
// (delete takes those along, so cut then paste gives them back). A sweep probe whose shape is not
// copied is left out: pasted alone it would sweep the original shape, a query nobody asked for.
import { baseTiledIds, shapeAABB, validateSceneData, type AABB, type Probe, type Shape } from "../../core";
import { mapBase, nextId, reservedIds, type Reserving } from "./actions";
import { snapToGrid } from "./view";
import type { DocumentSlice } from "../editor/state";

export const CLIPBOARD_FORMAT = "collider-studio-clipboard";
export const CLIPBOARD_VERSION = 1;

export interface ClipboardPayload {
  readonly format: typeof CLIPBOARD_FORMAT;
  readonly version: typeof CLIPBOARD_VERSION;
  /** Without `layer`: a paste goes to the active layer. */
  readonly shapes: readonly Shape[];
  readonly probes: readonly Probe[];
}

type Doc = Pick<DocumentSlice, "shapes" | "probes"> & Reserving;

/** The payload of a selection, or null when it holds nothing copyable. */
export function copySelection(doc: Doc, selection: readonly string[]): ClipboardPayload | null {
  const picked = new Set(selection);
  const shapes = doc.shapes.filter((s) => picked.has(s.id)).map(({ layer: _layer, ...rest }) => rest as Shape);
  const shapeIds = new Set(shapes.map((s) => s.id));
  const probes = doc.probes.filter((p) => (p.type === "sweep" ? shapeIds.has(p.shape) : picked.has(p.id)));
  if (shapes.length === 0 && probes.length === 0) return null;
  return { format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, shapes, probes };
}

export const serializeClipboard = (payload: ClipboardPayload): string => JSON.stringify(payload);

export type ClipboardRead = { readonly ok: true; readonly payload: ClipboardPayload } | { readonly ok: false; readonly reason: string };

/**
 * Reads clipboard text back. Foreign text (not JSON, another format, invalid shapes) is refused
 * with a reason, never thrown: the shapes and probes are validated as the scene format does.
 */
export function parseClipboard(text: string): ClipboardRead {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: "The clipboard holds no Collider Studio shapes" };
  }
  if (typeof data !== "object" || data === null || (data as { format?: unknown }).format !== CLIPBOARD_FORMAT) {
    return { ok: false, reason: "The clipboard holds no Collider Studio shapes" };
  }
  const { version, shapes, probes } = data as { version?: unknown; shapes?: unknown; probes?: unknown };
  if (version !== CLIPBOARD_VERSION) return { ok: false, reason: `Clipboard version ${String(version)} is not supported` };
  const checked = validateSceneData({ format: "collider-studio-scene", version: 1, shapes, probes });
  if (!checked.ok) {
    const first = checked.problems[0];
    return { ok: false, reason: `The clipboard's shapes are invalid${first ? `: ${first.message}` : ""}` };
  }
  const { shapes: s, probes: p } = checked.scene;
  if (s.length === 0 && p.length === 0) return { ok: false, reason: "The clipboard is empty" };
  return { ok: true, payload: { format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, shapes: s.map(({ layer: _layer, ...rest }) => rest as Shape), probes: p } };
}

/**
 * The payload's bounds: shapes' boxes and rays' ends. A sweep's target is left out: a sweep comes
 * along with its shape, and pasting a player with its sweep puts the player, not the middle of the
 * player and where it sweeps to, under the pointer.
 */
function payloadBounds(payload: ClipboardPayload): AABB | null {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const add = (x0: number, y0: number, x1 = x0, y1 = y0) => {
    minX = Math.min(minX, x0);
    minY = Math.min(minY, y0);
    maxX = Math.max(maxX, x1);
    maxY = Math.max(maxY, y1);
  };
  for (const s of payload.shapes) {
    const b = shapeAABB(s);
    add(b.minX, b.minY, b.maxX, b.maxY);
  }
  for (const p of payload.probes) {
    if (p.type === "ray") {
      add(...p.from);
      add(...p.to);
    }
  }
  return minX === Infinity ? null : { minX, minY, maxX, maxY };
}

/** The centre of the payload's bounds (payloadBounds); the origin for a payload of sweeps alone. */
export function payloadCentre(payload: ClipboardPayload): { x: number; y: number } {
  const b = payloadBounds(payload);
  return b ? { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 } : { x: 0, y: 0 };
}

export interface PastePlan {
  readonly shapes: readonly Shape[];
  readonly probes: readonly Probe[];
  /** The new ids, to select. */
  readonly ids: readonly string[];
}

/**
 * The items a paste adds: moved by (dx, dy), on `layer` (null: each on the layer of the
 * document's shape of its id, as a duplicate stays on its original's; the clipboard keeps no layer), with fresh ids unique among the document's shapes and
 * probes; a sweep probe follows its copied shape's new id. In a document with a Tiled map, a
 * shape keeps its `tiledId` only when the document knows that object (a copy of one of its shapes,
 * or a cut one pasted back): another map's id would take over this map's object of that id.
 */
export function planPaste(payload: ClipboardPayload, doc: Doc, layer: string | null, dx: number, dy: number): PastePlan {
  const shapes: Shape[] = [];
  const probes: Probe[] = [];
  const renamed = new Map<string, string>();
  const reserved = reservedIds(doc);
  const base = mapBase(doc.extras ?? {});
  const known = base === undefined ? null : new Set([...baseTiledIds(base), ...doc.shapes.flatMap((s) => (s.tiledId === undefined ? [] : [s.tiledId]))]);
  for (const pasted of payload.shapes) {
    const { tiledId, ...rest } = pasted;
    const s = tiledId === undefined || known === null || known.has(tiledId) ? pasted : rest;
    const id = nextId(s.type, [...doc.shapes, ...shapes], [...doc.probes, ...probes], reserved);
    renamed.set(s.id, id);
    shapes.push({ ...s, id, layer: layer ?? doc.shapes.find((o) => o.id === s.id)?.layer, x: s.x + dx, y: s.y + dy });
  }
  for (const p of payload.probes) {
    const id = nextId(p.type, [...doc.shapes, ...shapes], [...doc.probes, ...probes], reserved);
    if (p.type === "ray") {
      probes.push({ ...p, id, from: [p.from[0] + dx, p.from[1] + dy], to: [p.to[0] + dx, p.to[1] + dy] });
    } else {
      const shape = renamed.get(p.shape);
      if (shape) probes.push({ ...p, id, shape, to: [p.to[0] + dx, p.to[1] + dy] });
    }
  }
  return { shapes, probes, ids: [...shapes.map((s) => s.id), ...probes.map((p) => p.id)] };
}

/**
 * Where a paste goes: its centre on the cursor, or (no cursor) `fallback` away from where it was.
 * With `cell` (snapping on), the top-left corner of its bounds then goes on the grid, as a move
 * puts it, and with no cursor it moves a whole cell, so what was on grid lines stays on them.
 */
export function pasteOffset(payload: ClipboardPayload, cursor: { x: number; y: number } | null, cell: number | null = null, fallback = 10): { dx: number; dy: number } {
  if (!cursor) return cell === null ? { dx: fallback, dy: fallback } : { dx: cell, dy: cell };
  const c = payloadCentre(payload);
  const dx = cursor.x - c.x, dy = cursor.y - c.y;
  const b = payloadBounds(payload);
  if (cell === null || !b) return { dx, dy };
  return { dx: snapToGrid(b.minX + dx, cell) - b.minX, dy: snapToGrid(b.minY + dy, cell) - b.minY };
}
