import { writeFileSync } from "node:fs";
import { launchBrowser, serveEditor } from "../test/e2e/harness";
import { benchPage, openTimed, startFrames, stopFrames, summarise, sweepMouse60Hz } from "../test/bench/editor-page";
import { scaleSceneText } from "../test/bench/editor-scenes";
import { PAGE_JS_FLAGS } from "../electron/engine-flags";

(async () => {
  const served = await serveEditor();
  const browser = await launchBrowser([`--js-flags=${PAGE_JS_FLAGS}`]);
  const page = await benchPage(browser, served.url);
  writeFileSync("/tmp/big100k.json", scaleSceneText(100_000, 7));
  const opened = await openTimed(page, "/tmp/big100k.json", 100_000);
  console.log("opened", opened.ms);
  await page.waitForFunction(() => !document.querySelector("[data-testid=overlap-count]")?.textContent?.includes("checking"), undefined, { timeout: 60000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  const from = { x: 62, y: 82 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await cdp.send("Profiler.start");
  await startFrames(page);
  const moves = await sweepMouse60Hz(page, 3000, (t) => [from.x + 40 + 400 * t + 20 * Math.sin(6 * Math.PI * t), from.y + 30 + 230 * t + 20 * Math.cos(6 * Math.PI * t)]);
  const frames = summarise(await stopFrames(page));
  const { profile } = await cdp.send("Profiler.stop");
  await page.mouse.up();
  console.log("moves", moves, frames);
  // Self time per function.
  type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
  const nodes = new Map<number, Node>((profile.nodes as Node[]).map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const dt = profile.timeDeltas as number[];
  (profile.samples as number[]).forEach((id, i) => {
    const n = nodes.get(id)!;
    const key = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
  for (const [k, v] of top) console.log(v.toFixed(1).padStart(8), "ms", k);
  await browser.close();
  await served.stop();
})();
