import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = fileURLToPath(new URL(".", import.meta.url));

// Relative asset URLs so the same build loads from file:// in Electron and from any web path.
export default defineConfig({
  root: here,
  base: "./",
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL("../dist/renderer", import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: { host: "127.0.0.1", port: 5173 },
});
