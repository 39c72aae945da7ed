// The version the package's messages name is the one it is published as.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { PACKAGE_NAME, PACKAGE_VERSION } from "../../core/runtime/package-version";

it("names the package as build/core-package/package.json does, with its version", () => {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../../build/core-package/package.json"), "utf8")) as { name: string; version: string };
  expect({ name: PACKAGE_NAME, version: PACKAGE_VERSION }).toEqual({ name: manifest.name, version: manifest.version });
});
