// The runtime package's own name and version, for messages that tell a game what to update.
// test/runtime/package-version.test.ts holds PACKAGE_VERSION equal to build/core-package/package.json's.
import { SCENE_VERSION } from "../scene/types";

export const PACKAGE_NAME = "@collider-studio/core";
export const PACKAGE_VERSION = "1.0.0";

/**
 * What both of the package's loaders say of a file whose format version `v` is a whole number
 * above SCENE_VERSION, naming the package; null for any other version (a fraction, a string,
 * one it reads), which keeps the full validator's message.
 */
export function newerVersion(v: unknown): string | null {
  if (!(Number.isInteger(v) && (v as number) > SCENE_VERSION)) return null;
  const to = Number.isSafeInteger(v) ? `to ${v}.0.0 or later` : "";
  return `version ${v} is newer than ${PACKAGE_NAME} ${PACKAGE_VERSION} reads (up to ${SCENE_VERSION}); update ${PACKAGE_NAME} ${to}${to && " "}to open it`;
}
