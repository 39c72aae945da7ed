// Lint, and the layering rule: core/ is pure TypeScript (core/node/ alone may use node:*),
// renderer/ and electron/ may import core/ but never each other.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

const uiAndShell = ["react", "react-dom", "react-dom/*", "react/*", "konva", "konva/*", "react-konva", "zustand", "zustand/*", "electron", "electron/*"];
const nodeBuiltins = ["node:*", "fs", "fs/*", "path", "os", "child_process", "url", "http", "https", "net", "worker_threads", "stream", "crypto", "events", "util", "process", "buffer"];

/** A `no-restricted-imports` rule that names the layer being protected. */
function layer(message, names, patterns = []) {
  return {
    "no-restricted-imports": ["error", {
      paths: names.filter((n) => !n.includes("*")).map((name) => ({ name, message })),
      patterns: [
        { group: [...names.filter((n) => n.includes("*")), ...patterns], message },
      ],
    }],
  };
}

export default tseslint.config(
  { ignores: ["dist/**", "release/**", "node_modules/**", "coverage/**", "test/fixtures/**"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["core/**/*.ts"],
    ignores: ["core/node/**"],
    rules: layer(
      "core/ is pure TypeScript: no UI, Electron, Node or DOM imports (only core/node/ may use node:*).",
      [...uiAndShell, ...nodeBuiltins],
      ["**/renderer/**", "**/electron/**", "**/node/**"],
    ),
  },
  {
    files: ["core/node/**/*.ts"],
    languageOptions: { globals: globals.node },
    rules: layer("core/node/ may use node:* but no UI or Electron code.", uiAndShell, ["**/renderer/**", "**/electron/**"]),
  },
  {
    files: ["renderer/**/*.{ts,tsx}"],
    ignores: ["renderer/vite.config.ts"],
    languageOptions: { globals: globals.browser },
    rules: layer(
      "renderer/ runs in a sandboxed page: it reaches the desktop only through window.colliderStudio, never through Electron or Node.",
      ["electron", "electron/*", ...nodeBuiltins],
      ["**/electron/**", "**/core/node/**"],
    ),
  },
  {
    files: ["electron/**/*.ts"],
    languageOptions: { globals: globals.node },
    rules: layer("electron/ must not import the renderer.", ["react", "react-dom", "konva", "react-konva", "zustand"], ["**/renderer/**"]),
  },
  {
    files: ["test/**/*.{ts,tsx}", "build/**/*.{js,mjs,ts}", "*.config.{js,ts}", "renderer/vite.config.ts"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
