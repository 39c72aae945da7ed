// Reading a big scene file without freezing the page: the core's own validation, run on a few
// thousand shapes at a time with a yield to the browser between them, so progress can be shown.
// The answer is the core's: a file any part of which is refused goes through parseScene whole, so
// its problems carry the same paths, lines and columns as for a small file.
import { parseScene, SCENE_VERSION, validateSceneData, type SceneParseResult, type Shape } from "../../core";

/** Shapes validated per step: about 20 ms of work each on the project's machine. */
export const SHAPES_PER_CHUNK = 2000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * parseScene in steps. `progress` gets the fraction done (0 to 1) before each step; `pause`
 * yields to the browser between steps. Without the text's lines and columns a valid file skips
 * the core's JSON tree of the whole text, which is most of parseScene's time on a big file.
 */
export async function parseSceneInChunks(text: string, progress: (fraction: number) => void, pause: () => Promise<void>): Promise<SceneParseResult> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return parseScene(text);
  }
  // Older versions migrate as a whole, and small files are quick: the plain path.
  if (!isRecord(data) || data.version !== SCENE_VERSION || !Array.isArray(data.shapes) || data.shapes.length <= SHAPES_PER_CHUNK) return parseScene(text);
  const { shapes, ...header } = data as Record<string, unknown> & { shapes: unknown[] };
  const out: Shape[] = [];
  for (let at = 0; at < shapes.length; at += SHAPES_PER_CHUNK) {
    progress((0.9 * at) / shapes.length);
    await pause();
    // Each shape alone, against the scene's layers (its layer reference, its own fields).
    const part = validateSceneData({ ...header, shapes: shapes.slice(at, at + SHAPES_PER_CHUNK), probes: [] });
    if (!part.ok) return parseScene(text);
    out.push(...part.scene.shapes);
  }
  progress(0.9);
  await pause();
  // What needs the whole scene. Unique shape ids: found here, and a repeat sends the file through
  // parseScene for the core's message. The header, layers and probes: the core's check, with a
  // stand-in circle for each shape a sweep probe names (the only shapes it needs to see).
  const ids = new Set<unknown>();
  for (const s of out) {
    if (ids.has(s.id)) return parseScene(text);
    ids.add(s.id);
  }
  const named = new Set(Array.isArray(header.probes) ? header.probes.map((p) => (isRecord(p) && p.type === "sweep" ? p.shape : undefined)) : []);
  const standIns = out.filter((s) => named.has(s.id)).map((s) => ({ id: s.id, type: "circle", x: 0, y: 0, radius: 1 }));
  const whole = validateSceneData({ ...header, shapes: standIns });
  if (!whole.ok) return parseScene(text);
  return { ok: true, scene: { ...whole.scene, shapes: out } };
}
