// README.md is the user's manual: its scene example, commands, links and code must stay true as
// the project changes, and it must stay short enough to read (history goes to test/bench/README.md).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as core from "../../core/index";
import { parseScene, serializeScene } from "../../core/index";
import { runCli } from "../../core/node/cli";
import * as runtime from "../../core/runtime/index";

const ROOT = resolve(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(resolve(ROOT, path), "utf8");
const readme = read("README.md");
const BENCH_NOTES = "test/bench/README.md";

/** The text outside fenced code blocks, line by line (a `#` in a code block is no heading). */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").filter((line) => {
    if (line.startsWith("```")) fenced = !fenced;
    return !fenced && !line.startsWith("```");
  });
}

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6} (.*)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** Every link target in the prose of a document: `[text](target)`. */
function links(markdown: string): string[] {
  return [...proseLines(markdown).join("\n").matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

/** The section under `## title`, up to the next `## ` heading. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  expect(start, `section "${title}"`).toBeGreaterThanOrEqual(0);
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** Checks every link of the document at `path`: anchors in it or in the Markdown file linked, and files that exist. */
function checkLinks(path: string): void {
  const text = read(path);
  const broken: string[] = [];
  for (const target of links(text)) {
    if (/^https?:\/\//.test(target)) continue;
    const [file, anchor] = target.split("#") as [string, string | undefined];
    const linked = file === "" ? path : resolve(dirname(resolve(ROOT, path)), file).slice(ROOT.length + 1);
    if (!existsSync(resolve(ROOT, linked))) broken.push(`${target}: no file ${linked}`);
    else if (anchor !== undefined && !anchors(read(linked)).has(anchor)) broken.push(`${target}: no heading #${anchor} in ${linked}`);
  }
  expect(broken).toEqual([]);
}

describe("README", () => {
  it("the scene format example parses, uses every optional part, and round-trips", () => {
    const block = /## Scene format, version 1\n\n```json\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const parsed = parseScene(block!);
    expect(parsed.ok ? [] : parsed.problems).toEqual([]);
    if (!parsed.ok) return;
    const { scene } = parsed;
    expect(scene.layers?.length).toBeGreaterThan(1);
    expect(scene.layers?.some((l) => l.color !== undefined)).toBe(true);
    expect(scene.collisionLayers?.length).toBeGreaterThan(0);
    expect(scene.shapes.some((s) => s.properties && s.properties.length > 0)).toBe(true);
    expect(scene.probes.length).toBeGreaterThan(0);
    const text = serializeScene(scene);
    const again = parseScene(text);
    expect(again.ok && serializeScene(again.scene)).toBe(text);
  });

  it("stays a manual: under 900 lines, with the measurement history in test/bench/README.md, linked from Performance", () => {
    expect(readme.split("\n").length).toBeLessThan(900);
    expect(existsSync(resolve(ROOT, BENCH_NOTES))).toBe(true);
    expect(links(section(readme, "Performance")).map((t) => t.split("#")[0])).toContain(BENCH_NOTES);
  });

  it("every link in README.md, core/README.md, renderer/README.md and test/bench/README.md reaches a file and a heading that exist", () => {
    checkLinks("README.md");
    checkLinks("core/README.md");
    checkLinks("renderer/README.md");
    checkLinks(BENCH_NOTES);
  });

  it("every link in docs/*.md reaches a file and a heading that exist; the one-sided picture is an SVG the format page shows", () => {
    for (const file of readdirSync(resolve(ROOT, "docs")).filter((f) => f.endsWith(".md"))) checkLinks(`docs/${file}`);
    expect(links(read("docs/scene-format.md"))).toContain("one-sided.svg");
    const svg = read("docs/one-sided.svg");
    expect(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"")).toBe(true);
    expect(svg).toContain("normal (dy, −dx)");
    expect(svg).toContain("blocks from above");
  });

  it("every `npm run` script it names exists", () => {
    const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);
    const named = new Set([...readme.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!));
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it("every command and option in the command line's usage block is one the CLI takes", async () => {
    const block = /## Command line\n[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const unknown: string[] = [];
    let commands = 0;
    for (const line of block!.split("\n")) {
      const command = /^collider-studio ([a-z]+)\b/.exec(line)?.[1];
      if (command === undefined) continue;
      commands++;
      let help = "";
      const io = { stdout: (t: string) => { help += t; }, stderr: (t: string) => { help += t; }, readText: () => Promise.reject(new Error("no files")), writeText: () => Promise.reject(new Error("no files")) };
      expect(await runCli([command, "--help"], io), `${command} --help`).toBe(0);
      for (const option of line.matchAll(/(?<![\w-])(--?[a-z][\w-]*)/g)) {
        if (!new RegExp(`(^|[\\s,])${option[1]!}\\b`).test(help)) unknown.push(`${command} ${option[1]!}`);
      }
    }
    expect(commands).toBeGreaterThanOrEqual(9);
    expect(unknown).toEqual([]);
  });

  it("the names its TypeScript examples import from the core are exported by core/index.ts", () => {
    const names = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].flatMap((block) =>
      [...block[1]!.matchAll(/import \{([^}]*)\} from "\.\/core"/g)].flatMap((m) => m[1]!.split(",").map((n) => n.trim().replace(/^type /, ""))));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !(name in core))).toEqual([]);
  });

  it("the game loop of \"A game installs @collider-studio/core\" runs as printed: the player moves freely, and slide() is called at a wall", () => {
    const block = /A game installs[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const text = JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: [
      { id: "player", type: "circle", x: 0, y: 0, radius: 10 },
      { id: "wall", type: "box", x: 200, y: 0, width: 20, height: 200 },
      { id: "coin", type: "circle", x: 60, y: 0, radius: 5, sensor: true },
    ] });
    const slides: number[] = [], touches: string[] = [];
    // The game's own response: up to the hit, then stop.
    const slide = (p: { x: number; y: number; vx: number; vy: number }, hit: runtime.QueryHit) => {
      slides.push(hit.fraction);
      p.x += p.vx * (1 / 60) * hit.fraction; p.y += p.vy * (1 / 60) * hit.fraction; p.vx = 0; p.vy = 0;
    };
    const touched = (pair: { a: string; b: string }) => touches.push(`${pair.a} ${pair.b}`);
    // The README's own code, run as printed.
    const make = new Function("loadScene", "QueryHit", "SensorEventBuffer", "text", "slide", "touched", `${block!}\nreturn { world, step };`) as (...args: unknown[]) => { world: runtime.CollisionWorld; step: (p: object, dt: number) => void };
    const { world, step } = make(runtime.loadScene, runtime.QueryHit, runtime.SensorEventBuffer, text, slide, touched);
    const p = { x: 0, y: 0, vx: 600, vy: 0 };
    step(p, 1 / 60);
    expect(world.get("player")!.x).toBeCloseTo(10, 9);
    for (let i = 0; i < 60; i++) step(p, 1 / 60);
    expect(slides.length).toBe(1);
    expect(world.get("player")!.x).toBeCloseTo(180, 6);
    expect(touches).toEqual(["player coin"]);
  });

  it("the collision example's stated result is what the core gives", () => {
    // README: a unit box at the origin and a circle of radius 0.5 at (1.2, 0): one contact point at
    // (0.85, 0), depth 0.3, normal (1, 0).
    const box = core.makeBox(1, 1), ball = core.makeCircle(0.5);
    if (!box.ok || !ball.ok) throw new Error("the README's shapes must be valid");
    const m = core.collide(box.value, { px: 0, py: 0, c: 1, s: 0 }, ball.value, { px: 1.2, py: 0, c: 1, s: 0 }, new core.Manifold());
    expect(m.pointCount).toBe(1);
    expect(m.depth).toBeCloseTo(0.3, 12);
    expect([m.normalX, m.normalY]).toEqual([1, 0]);
    expect(m.point1X).toBeCloseTo(0.85, 12);
    expect(m.point1Y).toBeCloseTo(0, 12);
    expect(readme).toContain("m.pointCount === 1, m.depth ≈ 0.3, normal (1, 0), contact point (0.85, 0)");
  });
});
