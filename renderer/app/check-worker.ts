// Checks a big scene file's text off the editor's thread, while the page builds the world from its
// own reading of it (open-big-scene.ts): the core's answer, reduced to a verdict, so a valid file's
// 100,000 shapes are never copied back.
import { checkSceneInChunks, type CheckVerdict } from "./open-in-chunks";

/**
 * What the worker posts: that it has the text, progress as it goes (0 to 1), then the verdict, or
 * null when the check itself failed (the page then checks the file itself).
 */
export type CheckMessage = { readonly kind: "started" } | { readonly kind: "progress"; readonly fraction: number } | { readonly kind: "done"; readonly verdict: CheckVerdict | null };

// The dedicated worker's scope, typed by what it uses (the renderer compiles against the DOM's types).
const scope = self as unknown as { onmessage: ((e: MessageEvent<string>) => void) | null; postMessage: (message: CheckMessage) => void };

scope.onmessage = async (e) => {
  scope.postMessage({ kind: "started" });
  // A throw in an async handler reaches the page as no error event at all: it would wait for ever.
  let verdict: CheckVerdict | null;
  try {
    verdict = await checkSceneInChunks(e.data, (fraction) => scope.postMessage({ kind: "progress", fraction }), async () => {});
  } catch {
    verdict = null;
  }
  scope.postMessage({ kind: "done", verdict });
};
