// Bundles the Node-side entry points with esbuild: the CLI, Electron's main and preload, and the
// `npm start` launcher. The renderer is built by Vite (renderer/vite.config.ts).
import { build } from "esbuild";

const common = { bundle: true, mainFields: ["module", "main"], platform: "node", target: "node20", format: "cjs", sourcemap: true, logLevel: "warning" };

const targets = {
  cli: [{ entryPoints: ["core/node/main.ts"], outfile: "dist/cli/collider-studio.cjs", banner: { js: "#!/usr/bin/env node" } }],
  electron: [
    { entryPoints: ["electron/main.ts"], outfile: "dist/electron/main.cjs", external: ["electron"] },
    // A sandboxed preload may require only "electron": bundle everything else into it.
    { entryPoints: ["electron/preload.ts"], outfile: "dist/electron/preload.cjs", external: ["electron"], platform: "browser" },
    { entryPoints: ["electron/launcher/start.ts"], outfile: "dist/launcher/start.cjs", external: ["electron"] },
  ],
};

const which = process.argv.slice(2);
for (const name of which.length ? which : Object.keys(targets)) {
  const list = targets[name];
  if (!list) {
    console.error(`bundle: unknown target ${name} (expected ${Object.keys(targets).join(", ")})`);
    process.exit(2);
  }
  await Promise.all(list.map((t) => build({ ...common, ...t })));
}
