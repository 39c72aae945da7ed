// Reading a big scene file without freezing the page: the core's own validation, run on a few
// thousand shapes at a time with a yield to the browser between them, so progress can be shown.
// The answer is the core's: a file any part of which is refused goes through parseScene whole, so
// its problems carry the same paths, lines and columns as for a small file.
import { parseScene, SCENE_VERSION, validateSceneData, type Scene, type SceneParseResult, type SceneProblem, type Shape } from "../../core";

/** Shapes validated per step: a step short enough to keep the page answering. */
export const SHAPES_PER_CHUNK = 2000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * parseScene in steps. `progress` gets the fraction done (0 to 1) before each step; `pause`
 * yields to the browser between steps. Without the text's lines and columns a valid file skips
 * the core's JSON tree of the whole text, which is most of parseScene's time on a big file.
 */
export async function parseSceneInChunks(text: string, progress: (fraction: number) => void, pause: () => Promise<void>): Promise<SceneParseResult> {
  const shapes: Shape[] = [];
  const read = await inChunks(text, progress, pause, (part) => shapes.push(...part));
  return "whole" in read ? read.whole : { ok: true, scene: { ...read.header, shapes } };
}

/** The verdict on a scene file, without the scene: what a check elsewhere needs to send back. */
export type CheckVerdict = { readonly ok: true } | { readonly ok: false; readonly problems: readonly SceneProblem[] };

/**
 * parseSceneInChunks' verdict, letting each step's validated shapes go (a worker's check of a big
 * file: holding copies it never sends back costs the page beside it memory bandwidth and
 * collections).
 */
export async function checkSceneInChunks(text: string, progress: (fraction: number) => void, pause: () => Promise<void>): Promise<CheckVerdict> {
  const read = await inChunks(text, progress, pause, () => {});
  return !("whole" in read) || read.whole.ok ? { ok: true } : { ok: false, problems: read.whole.problems };
}

/**
 * The stepped validation: each step's validated shapes go to `take`, and an accepted file gives
 * its validated header (no shapes). A file the steps cannot settle goes through parseScene whole.
 */
async function inChunks(text: string, progress: (fraction: number) => void, pause: () => Promise<void>, take: (shapes: readonly Shape[]) => void): Promise<{ readonly whole: SceneParseResult } | { readonly header: Scene }> {
  const whole = (): { readonly whole: SceneParseResult } => ({ whole: parseScene(text) });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return whole();
  }
  // Older versions migrate as a whole, and small files are quick: the plain path.
  if (!isRecord(data) || data.version !== SCENE_VERSION || !Array.isArray(data.shapes) || data.shapes.length <= SHAPES_PER_CHUNK) return whole();
  const { shapes, ...header } = data as Record<string, unknown> & { shapes: unknown[] };
  // Unique shape ids: checked step by step, and a repeat sends the file through parseScene for
  // the core's message. The shapes sweep probes name: kept for the check of the whole below.
  const ids = new Set<unknown>();
  const named = new Set(Array.isArray(header.probes) ? header.probes.map((p) => (isRecord(p) && p.type === "sweep" ? p.shape : undefined)) : []);
  const found: string[] = [];
  for (let at = 0; at < shapes.length; at += SHAPES_PER_CHUNK) {
    progress((0.9 * at) / shapes.length);
    await pause();
    // Each shape alone, against the scene's layers (its layer reference, its own fields).
    const part = validateSceneData({ ...header, shapes: shapes.slice(at, at + SHAPES_PER_CHUNK), probes: [] });
    if (!part.ok) return whole();
    for (const s of part.scene.shapes) {
      if (ids.has(s.id)) return whole();
      ids.add(s.id);
      if (named.has(s.id)) found.push(s.id);
    }
    take(part.scene.shapes);
  }
  progress(0.9);
  await pause();
  // What needs the whole scene: the header, layers and probes, by the core's check with a
  // stand-in circle for each shape a sweep probe names (the only shapes it needs to see).
  const standIns = found.map((id) => ({ id, type: "circle", x: 0, y: 0, radius: 1 }));
  const rest = validateSceneData({ ...header, shapes: standIns });
  if (!rest.ok) return whole();
  return { header: rest.scene };
}
