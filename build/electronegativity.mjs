// Runs Electronegativity (Doyensec's Electron security checker) on the desktop shell: electron/
// and the editor page's index.html, scanned together so its global checks (navigation limits,
// permission handler, CSP) see both. Prints one line per finding; exits 1 if there is any.
//
//   node build/electronegativity.mjs [folder-or-file ...]
//
// Its command line cannot be used: it needs commander 2 and finds this project's commander 14.
// Its runner fetches translations and Electron's release list over the network; `got` is
// replaced by one that fails at once, so a scan is offline and uses the bundled English texts.
import { cpSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve("@doyensec/electronegativity/package.json"));
const gotPath = require.resolve("got", { paths: [packageDir] });
require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: () => Promise.reject(new Error("offline")) };
const run = require(path.join(packageDir, "dist/runner.js"));

const EXCLUDED = [
  // Compares the Electron in package.json with the online list of releases: impossible offline,
  // and Electron is pinned and upgraded on purpose.
  "AvailableSecurityFixesGlobalCheck",
  // Not a finding: it reports the Electron version it read, which the other checks then use.
  "ElectronVersionJSONCheck",
];

const inputs = process.argv.slice(2);
const targets = inputs.length ? inputs.map((p) => path.resolve(p)) : [path.join(ROOT, "electron"), path.join(ROOT, "renderer/index.html")];
const scanDir = mkdtempSync(path.join(tmpdir(), "electronegativity-"));
try {
  for (const target of targets) {
    const stat = statSync(target, { throwIfNoEntry: false });
    if (!stat) {
      console.error(`electronegativity: no such file or folder: ${target}`);
      process.exit(2);
    }
    cpSync(target, path.join(scanDir, path.basename(target)), { recursive: true });
  }
  // Its defaults (nodeIntegration, sandbox, ...) follow the Electron version read from here.
  cpSync(path.join(ROOT, "package.json"), path.join(scanDir, "package.json"));
  // Its i18n takes the locale from LANG; "C.UTF-8" and the like have no texts.
  process.env.LANG = "en-US";
  const quiet = console.log;
  console.log = () => undefined; // "Could not retrieve updated translations ..."
  let result;
  try {
    result = await run({ input: scanDir, customScan: [], excludeFromScan: EXCLUDED, parserPlugins: [], isRelative: true }, false);
  } finally {
    console.log = quiet;
  }
  const unparsed = result.errors.filter((e) => !e.tolerable);
  for (const e of unparsed) console.log(`error: cannot parse ${e.file}: ${e.message}`);
  for (const i of result.issues) {
    console.log(`${i.id} ${i.file}:${i.location.line}:${i.location.column} [${i.severity.name}/${i.confidence.name}] ${i.description}`);
  }
  console.log(`electronegativity: ${result.globalChecks + result.atomicChecks} checks, ${result.issues.length} finding${result.issues.length === 1 ? "" : "s"}, ${unparsed.length} unparsed file${unparsed.length === 1 ? "" : "s"}`);
  process.exitCode = result.issues.length + unparsed.length > 0 ? 1 : 0;
} finally {
  rmSync(scanDir, { recursive: true, force: true });
}
