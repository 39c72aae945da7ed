// The runtime package's own name and version, for messages that tell a game what to update.
// test/runtime/package-version.test.ts holds PACKAGE_VERSION equal to build/core-package/package.json's.

export const PACKAGE_NAME = "@collider-studio/core";
export const PACKAGE_VERSION = "1.0.0";

/** What the package's loaders say of a file whose format version `v` is newer than SCENE_VERSION. */
export const newerVersionMessage = (v: number, reads: number): string =>
  `version ${v} is newer than ${PACKAGE_NAME} ${PACKAGE_VERSION} reads (up to ${reads}); update ${PACKAGE_NAME} to ${v}.0.0 or later to open it`;
