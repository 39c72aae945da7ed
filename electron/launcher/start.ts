// Entry point of `npm start` (bundled to dist/launcher/start.cjs): wires the real process,
// file system and child processes into runLauncher.
import path from "node:path";
import { findElectronBinary, runElectron, tryInstallElectron } from "./electron-binary";
import { runLauncher } from "./run-launcher";
import { startStaticServer } from "./static-server";

// dist/launcher/start.cjs -> the app root two levels up.
const appDir = path.resolve(__dirname, "..", "..");
const electronDir = path.join(appDir, "node_modules", "electron");
const env = process.env;

function waitForStop(): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

runLauncher({
  argv: process.argv.slice(2),
  env,
  appDir,
  print: (line) => process.stdout.write(`${line}\n`),
  printError: (line) => process.stderr.write(`${line}\n`),
  findElectron: () => findElectronBinary({ electronDir, env, platform: process.platform }),
  installElectron: () => tryInstallElectron(electronDir, env),
  runElectron: (binary, dir) => runElectron(binary, dir, env),
  serve: startStaticServer,
  waitForStop,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`collider-studio start: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
