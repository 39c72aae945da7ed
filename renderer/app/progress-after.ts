// When long work (opening, exporting) starts showing its progress: once it has taken half a second.

const PROGRESS_AFTER_MS = 500;

/** Tests may show progress sooner (window.__colliderStudioProgressAfterMs). */
export const progressAfter = (): number => {
  const v: unknown = (globalThis as { __colliderStudioProgressAfterMs?: unknown }).__colliderStudioProgressAfterMs;
  return typeof v === "number" ? v : PROGRESS_AFTER_MS;
};
