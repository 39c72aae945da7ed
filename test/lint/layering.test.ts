// The layering rule in eslint.config.js, through ESLint's Node API: core/ is pure TypeScript
// (only core/node/ may use node:*), and renderer/ reaches the desktop only through the preload.
import { ESLint } from "eslint";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const RULE = "no-restricted-imports";

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

interface Verdict {
  /** Messages of the layering rule. */
  readonly layering: string[];
  /** Every fatal parse error or ignore warning, which would make a "clean" verdict meaningless. */
  readonly other: string[];
}

async function lint(code: string, file: string): Promise<Verdict> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file), warnIgnored: true });
  const messages = result!.messages;
  return {
    layering: messages.filter((m) => m.ruleId === RULE).map((m) => m.message),
    other: messages.filter((m) => m.fatal || m.ruleId === null).map((m) => m.message),
  };
}

describe("core/ is pure TypeScript", () => {
  it("rejects React in core/", async () => {
    const v = await lint('import React from "react";\nexport const el = React.createElement;\n', "core/some-file.ts");
    expect(v.other).toEqual([]);
    expect(v.layering).toHaveLength(1);
    expect(v.layering[0]).toMatch(/core\/ is pure TypeScript/);
  });

  it("rejects node:fs in core/", async () => {
    const v = await lint('import { readFile } from "node:fs";\nexport const read = readFile;\n', "core/scene/some-file.ts");
    expect(v.other).toEqual([]);
    expect(v.layering).toHaveLength(1);
    expect(v.layering[0]).toMatch(/core\/ is pure TypeScript/);
  });

  it("rejects the bare builtin name too (fs without node:)", async () => {
    const v = await lint('import { readFile } from "fs";\nexport const read = readFile;\n', "core/some-file.ts");
    expect(v.layering).toHaveLength(1);
  });

  it("rejects Electron and the renderer in core/", async () => {
    expect((await lint('import { app } from "electron";\nexport const a = app;\n', "core/some-file.ts")).layering).toHaveLength(1);
    expect((await lint('import { x } from "../renderer/store/x";\nexport const a = x;\n', "core/some-file.ts")).layering).toHaveLength(1);
  });

  it("allows node:fs in core/node/", async () => {
    const v = await lint('import { readFile } from "node:fs";\nexport const read = readFile;\n', "core/node/some-file.ts");
    expect(v.other).toEqual([]);
    expect(v.layering).toEqual([]);
  });

  it("but not React in core/node/", async () => {
    const v = await lint('import React from "react";\nexport const el = React.createElement;\n', "core/node/some-file.ts");
    expect(v.layering).toHaveLength(1);
  });
});

describe("renderer/ never reaches Electron or Node directly", () => {
  it("rejects importing electron from renderer/", async () => {
    const v = await lint('import { ipcRenderer } from "electron";\nexport const ipc = ipcRenderer;\n', "renderer/some-file.ts");
    expect(v.other).toEqual([]);
    expect(v.layering).toHaveLength(1);
    expect(v.layering[0]).toMatch(/window\.colliderStudio/);
  });

  it("rejects node:fs and core/node from renderer/", async () => {
    expect((await lint('import { readFile } from "node:fs";\nexport const read = readFile;\n', "renderer/some-file.tsx")).layering).toHaveLength(1);
    expect((await lint('import { runCli } from "../core/node/cli";\nexport const r = runCli;\n', "renderer/some-file.ts")).layering).toHaveLength(1);
  });

  it("accepts a plain core import in renderer/", async () => {
    const v = await lint('import { vec2 } from "../core/index";\nexport const origin = vec2(0, 0);\n', "renderer/some-file.ts");
    expect(v.other).toEqual([]);
    expect(v.layering).toEqual([]);
  });
});

describe("electron/ never imports the renderer", () => {
  it("rejects React in electron/ and accepts core", async () => {
    expect((await lint('import React from "react";\nexport const el = React.createElement;\n', "electron/some-file.ts")).layering).toHaveLength(1);
    expect((await lint('import { vec2 } from "../core/index";\nexport const o = vec2(0, 0);\n', "electron/some-file.ts")).layering).toEqual([]);
  });
});
