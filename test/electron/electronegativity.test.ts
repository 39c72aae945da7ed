// Electronegativity (Doyensec's Electron security checker) finds nothing in the desktop shell, as
// the issue asks of CI; the few checks it cannot follow are disabled where they match, each with
// the reason beside it. The fixture proves the scan is live: an insecure window is reported.
import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../../electron/csp";
import { tempDir } from "./helpers";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCRIPT = path.join(ROOT, "build/electronegativity.mjs");

interface Scan {
  readonly code: number;
  readonly output: string;
}

async function scan(...inputs: string[]): Promise<Scan> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, ...inputs], { cwd: ROOT });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : -1, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

describe("electronegativity", () => {
  it("finds nothing in electron/ and the editor page, and parses every file", async () => {
    const { code, output } = await scan();
    expect(output).toMatch(/electronegativity: \d+ checks, 0 findings, 0 unparsed files/);
    expect(code).toBe(0);
  }, 30_000);

  it("reports a window without context isolation or sandbox", async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, "app"));
    await writeFile(
      path.join(dir, "app", "main.js"),
      'const { BrowserWindow } = require("electron");\nnew BrowserWindow({ webPreferences: { contextIsolation: false, sandbox: false } });\n',
    );
    const { code, output } = await scan(path.join(dir, "app"));
    expect(output).toContain("CONTEXT_ISOLATION_JS_CHECK app/main.js:2");
    expect(output).toContain("SANDBOX_JS_CHECK app/main.js:2");
    expect(code).toBe(1);
  }, 30_000);
});

interface CspFinding {
  readonly severity: number;
  readonly directive: string;
  readonly description: string;
}
interface CspEvaluatorModule {
  readonly severities: Readonly<Record<string, number>>;
  readonly Version: { readonly CSP3: unknown };
  readonly CspParser: new (policy: string) => { readonly csp: unknown };
  readonly CspEvaluator: new (csp: unknown, version: unknown) => { evaluate(): CspFinding[] };
}

// The evaluator Electronegativity runs on policies it can read (Google's CSP Evaluator).
const fromChecker = createRequire(createRequire(import.meta.url).resolve("@doyensec/electronegativity/package.json"));
const csp = fromChecker("@doyensec/csp-evaluator") as CspEvaluatorModule;

/** Findings worse than "maybe": the 'self' script source is "maybe weak" on sites that serve
 * JSONP or user uploads, which the editor's origin never does. */
function seriousFindings(policy: string): string[] {
  const findings = new csp.CspEvaluator(new csp.CspParser(policy).csp, csp.Version.CSP3).evaluate();
  return findings.filter((f) => f.severity < csp.severities.MEDIUM_MAYBE!).map((f) => `${f.directive}: ${f.description}`);
}

describe("content security policy, by Electronegativity's evaluator", () => {
  it("the shell's policy has no high or medium finding", () => {
    expect(seriousFindings(CONTENT_SECURITY_POLICY)).toEqual([]);
  });

  it("so has the page's own <meta> policy", async () => {
    const html = await readFile(path.join(ROOT, "renderer/index.html"), "utf8");
    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    expect(policy).toBeDefined();
    expect(seriousFindings(policy!)).toEqual([]);
  });

  it("flags an unsafe policy (the evaluator is live)", () => {
    expect(seriousFindings("script-src 'self' 'unsafe-inline' 'unsafe-eval'").length).toBeGreaterThan(0);
  });
});
