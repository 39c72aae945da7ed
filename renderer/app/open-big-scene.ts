// Opening a big scene file on both cores: a worker checks the text (the core's validation, most of
// an open's time) while the page reads its own copy and builds the collision world (boxes and
// tree; the pairs wait until the shapes are drawn) for the shapes it is about to load. Nothing is
// loaded until the worker has accepted the file, so a refused file leaves the open document as it
// was and shows the core's problems. Where no worker starts or it fails, the file is checked here
// in steps, as before.
import { acceptedScene, CollisionWorld, SCENE_VERSION, type SceneProblem } from "../../core";
import { prepareDocument, type PreparedDocument } from "../store/actions";
import type { CheckMessage } from "./check-worker";
import { parseSceneInChunks, SHAPES_PER_CHUNK, type CheckVerdict } from "./open-in-chunks";

export type OpenedScene =
  | { readonly ok: true; readonly prepared: PreparedDocument; readonly world: CollisionWorld | null }
  | { readonly ok: false; readonly problems: readonly SceneProblem[] };

/** A check under way: `verdict` settles with it, or null when the checker broke. */
export interface Check {
  readonly verdict: Promise<CheckVerdict | null>;
  /** Ends the check early (its verdict no longer wanted). */
  readonly stop: () => void;
}

/**
 * Starts checking `text`, reporting progress (0 to 1). Settles once the checker has the text (the
 * page's long steps would otherwise hold up a worker's start), or with null where none can start.
 */
export type StartCheck = (text: string, progress: (fraction: number) => void) => Promise<Check | null>;

export const checkInWorker: StartCheck = (text, progress) => {
  if (typeof Worker !== "function") return Promise.resolve(null);
  let worker: Worker;
  try {
    worker = new Worker(new URL("./check-worker.ts", import.meta.url), { type: "module" });
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((started) => {
    const verdict = new Promise<CheckVerdict | null>((resolve) => {
      const finish = (result: CheckVerdict | null) => {
        worker.terminate();
        started(null); // when it broke before starting: no effect once started
        resolve(result);
      };
      worker.onmessage = (e: MessageEvent<CheckMessage>) => {
        if (e.data.kind === "started") started({ verdict, stop: () => finish(null) });
        else if (e.data.kind === "progress") progress(e.data.fraction);
        else finish(e.data.verdict);
      };
      // The script did not load or run, or a reply could not be read: the caller checks the file itself.
      worker.onerror = (e) => {
        e.preventDefault();
        finish(null);
      };
      worker.onmessageerror = () => finish(null);
      try {
        worker.postMessage(text);
      } catch {
        finish(null);
      }
    });
  });
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Reads a big scene file. `progress` gets the fraction done (0 to 1), `pause` yields to the
 * browser between the page's long steps. A valid file comes with the world built for its
 * prepared shapes, its pairs not yet looked for (null if building it failed: the first draw
 * builds it then). Null when `wanted` turned false at a pause (another file was opened
 * meanwhile): the worker is stopped and the world left half built, rather than both running on
 * beside the next open.
 */
export async function openBigScene(text: string, progress: (fraction: number) => void, pause: () => Promise<void>, startCheck: StartCheck = checkInWorker, wanted: () => boolean = () => true): Promise<OpenedScene | null> {
  // Both halves count for half of the bar: the worker's check and the page's reading and world.
  // Never backwards, even when the page has to check the file itself after all.
  let checked = 0, built = 0, shown = 0;
  const show = (fraction: number) => {
    shown = Math.max(shown, fraction);
    progress(shown);
  };
  const report = () => show(0.5 * checked + 0.5 * built);
  const here = async (): Promise<OpenedScene> => {
    const result = await parseSceneInChunks(text, show, pause);
    return result.ok ? { ok: true, prepared: prepareDocument(result.scene), world: null } : result;
  };
  // The worker first: it starts only while the page is idle, and then checks while the page reads.
  const check = await startCheck(text, (fraction) => {
    checked = fraction;
    report();
  });
  if (!check) return here();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined; // not JSON: the page's check gives the core's message, with line and column
  }
  // Not JSON, an older version (migrated as a whole) or a small file: checked here.
  if (!isRecord(data) || data.version !== SCENE_VERSION || !Array.isArray(data.shapes) || data.shapes.length <= SHAPES_PER_CHUNK) {
    check.stop();
    return here();
  }
  /** Shows the page's part done, yields, and says whether the file is still wanted (else stops the worker). */
  const stillWanted = async (fraction: number): Promise<boolean> => {
    built = fraction;
    report();
    await pause();
    if (wanted()) return true;
    check.stop();
    return false;
  };
  if (!(await stillWanted(0.2))) return null;
  let prepared: PreparedDocument | null = null, world: CollisionWorld | null = new CollisionWorld();
  try {
    prepared = prepareDocument(acceptedScene(data));
    world.sync(prepared.doc.shapes);
  } catch {
    // Only data the check refuses can break the reading (a shape without its fields): wait for
    // its verdict, which names the problem.
    world = null;
  }
  built = 1;
  report();
  const verdict = await check.verdict;
  if (!verdict) return here();
  if (!verdict.ok) return verdict;
  // Accepted: acceptedScene gave what validation would (and the reading cannot have failed).
  return prepared ? { ok: true, prepared, world } : here();
}
