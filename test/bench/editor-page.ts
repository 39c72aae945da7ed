// What the editor benchmark does to a page and reads back from it: frame times from
// requestAnimationFrame timestamps collected in the page, a timed open through the file input, a
// timed click, and pointer sweeps. Only the DOM is read: the bench runs on any build of the editor.
import type { Browser, Page } from "playwright-core";
import { newEditorPage } from "../e2e/harness";

export interface Frames {
  readonly median: number;
  readonly p95: number;
  readonly max: number;
  readonly count: number;
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

export function summarise(values: readonly number[]): Frames {
  const s = [...values].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), p95: quantile(s, 0.95), max: s[s.length - 1] ?? NaN, count: s.length };
}

/** What every bench page starts with: `miniMap`, View → Mini-map on (the bench's --minimap). */
export const benchSetup = { miniMap: false };

/** A new editor page; tsx names functions with an `__name` helper that page code must have too. */
export async function benchPage(browser: Browser, url: string): Promise<Page> {
  const page = await newEditorPage(browser, url, benchSetup.miniMap ? { beforeLoad: async (p) => void (await p.addInitScript(() => localStorage.setItem("collider-studio.minimap", "true"))) } : {});
  await page.evaluate("window.__name = (f) => f");
  return page;
}

/** Starts collecting requestAnimationFrame timestamps in the page. */
export async function startFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framesOn: boolean };
    w.__frames = [];
    w.__framesOn = true;
    const tick = (t: number) => {
      w.__frames.push(t);
      if (w.__framesOn) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** Stops collecting and returns the frame times (gaps between successive frames), in ms. */
export async function stopFrames(page: Page): Promise<number[]> {
  const t = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framesOn: boolean };
    w.__framesOn = false;
    return w.__frames;
  });
  return t.slice(1).map((v, i) => v - t[i]!);
}

/** Resolves at the page's next animation frame, `n` times over. */
export async function nextFrames(page: Page, n: number): Promise<void> {
  await page.evaluate((k) => new Promise<void>((res) => {
    let left = k;
    const tick = () => (--left <= 0 ? res() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }), n);
}

/** An open's times from the file being chosen, in ms. */
export interface Opened {
  /** To the first frame after the status bar shows every shape and the canvas has drawn them. */
  readonly ms: number;
  /** To the first frame showing the overlaps (a big file finds them once its shapes are drawn). */
  readonly flagged: number;
  /** The longest frame until drawn (how long the page stopped answering), and from drawn to flagged. */
  readonly longestFrame: number;
  readonly longestAfterDrawn: number;
}

/** Opens `file` through the page's file input and times it (Opened). */
export async function openTimed(page: Page, file: string, count: number): Promise<Opened> {
  await page.evaluate((n) => {
    const w = window as unknown as { __opened: Promise<Opened> };
    const input = document.getElementById("open-scene-input") as HTMLInputElement;
    w.__opened = new Promise((res) => {
      input.addEventListener("change", () => {
        const t0 = performance.now();
        let last = t0, longest = 0, drawn = 0, longestDrawn = 0;
        const want = `${n} shapes`;
        const tick = (t: number) => {
          longest = Math.max(longest, t - last);
          last = t;
          if (!drawn && document.querySelector("[data-testid=shape-count]")?.textContent === want) {
            // One more frame: the one that shows what the load drew.
            requestAnimationFrame((t1) => {
              longest = Math.max(longest, t1 - last);
              last = t1;
              drawn = t1 - t0;
              longestDrawn = longest;
              longest = 0;
              requestAnimationFrame(tick);
            });
          } else if (drawn && !/checking/.test(document.querySelector("[data-testid=overlap-count]")?.textContent ?? "")) {
            requestAnimationFrame((t2) => res({ ms: drawn, flagged: t2 - t0, longestFrame: longestDrawn, longestAfterDrawn: Math.max(longest, t2 - last) }));
          } else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }, { capture: true, once: true });
    });
  }, count);
  await page.setInputFiles("#open-scene-input", file);
  return page.evaluate(() => (window as unknown as { __opened: Promise<Opened> }).__opened);
}

/** Moves the mouse along `path(t)` (t in [0, 1]) for about `ms`, as fast as the page takes events. */
export async function sweepMouse(page: Page, ms: number, path: (t: number) => [number, number]): Promise<number> {
  const start = Date.now();
  let moves = 0;
  while (Date.now() - start < ms) {
    const [x, y] = path((Date.now() - start) / ms);
    await page.mouse.move(x, y);
    moves++;
  }
  return moves;
}

/**
 * Moves the mouse along `path(t)` for about `ms` as a 60 Hz mouse reports it, ending at path(1):
 * a move 1/60 s after the last one was sent, or as soon as the page has taken it when the page is
 * slower (page.mouse.move waits for that), so the page has one move to handle each frame.
 */
export async function sweepMouse60Hz(page: Page, ms: number, path: (t: number) => [number, number]): Promise<number> {
  const start = Date.now();
  let moves = 0, sent = start - 1000;
  for (;;) {
    const wait = sent + 1000 / 60 - Date.now();
    if (wait > 0) await new Promise((res) => setTimeout(res, wait));
    const t = (Date.now() - start) / ms;
    if (t >= 1) break;
    sent = Date.now();
    await page.mouse.move(...path(t));
    moves++;
  }
  await page.mouse.move(...path(1));
  return moves + 1;
}

/** A click's times, in ms, and what the Inspector showed. */
export interface Clicked {
  /** From the mouseup event to the second animation frame after it. */
  readonly fromRelease: number;
  /** From the mousedown event to that same frame. */
  readonly fromPress: number;
  /** Whether the Inspector named `want` at that frame. */
  readonly shown: boolean;
  /** From the mouseup event to the first frame whose Inspector named `want` (NaN if not within 2 s). */
  readonly untilShown: number;
  /** The Inspector's line at the second frame. */
  readonly what: string;
}

/**
 * Moves to page (x, y), clicks there and times the click in the page, from the events' own timestamps (so time the
 * event waited in the queue counts), to the frames' timestamps. `want` is the Inspector's line
 * for the expected selection ("circle s12").
 */
export async function clickTimed(page: Page, x: number, y: number, want: string): Promise<Clicked> {
  // Hover first, and let the page draw what the hover changed: the click is timed on its own.
  await page.mouse.move(x, y);
  await nextFrames(page, 3);
  await page.evaluate((text) => {
    const w = window as unknown as { __clicked: Promise<Clicked> };
    const what = () => document.querySelector("[data-testid=inspector-what]")?.textContent ?? "";
    w.__clicked = new Promise((res) => {
      let down = NaN;
      window.addEventListener("mousedown", (e) => { down = e.timeStamp; }, { capture: true, once: true });
      window.addEventListener("mouseup", (e) => {
        const up = e.timeStamp;
        requestAnimationFrame(() => requestAnimationFrame((t2) => {
          const seen = what();
          const done = (untilShown: number) => res({ fromRelease: t2 - up, fromPress: t2 - down, shown: seen === text, untilShown, what: seen });
          if (seen === text) return done(t2 - up);
          const wait = (t: number) => (what() === text ? done(t - up) : t - up > 2000 ? done(NaN) : requestAnimationFrame(wait));
          requestAnimationFrame(wait);
        }));
      }, { capture: true, once: true });
    });
  }, want);
  await page.mouse.down();
  await page.mouse.up();
  return page.evaluate(() => (window as unknown as { __clicked: Promise<Clicked> }).__clicked);
}

/** The test picture's cells, in its pixels: each a hue of its own, neighbours a few degrees apart. */
export const PATTERN_CELL = 128;

/** The colour of the test picture's pixel (px, py) as RGB: hsl((7i + 13j) mod 360, 70 %, 50 %) of its cell (i, j). */
export function patternColour(px: number, py: number): [number, number, number] {
  const h = ((Math.floor(px / PATTERN_CELL) * 7 + Math.floor(py / PATTERN_CELL) * 13) % 360) / 60;
  const c = 0.7, x = c * (1 - Math.abs((h % 2) - 1)), m = 0.5 - c / 2;
  const [r, g, b] = h < 1 ? [c, x, 0] : h < 2 ? [x, c, 0] : h < 3 ? [0, c, x] : h < 4 ? [0, x, c] : h < 5 ? [x, 0, c] : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

/**
 * Paints a `size` × `size` PNG in the page (patternColour's cells) and drops it on the canvas at
 * page (x, y), as a file manager would; resolves once the drop is sent (the editor adds it later).
 */
export async function dropPatternImage(page: Page, size: number, x: number, y: number): Promise<void> {
  await page.evaluate(async ({ size, cell, x, y }) => {
    const canvas = new OffscreenCanvas(size, size);
    const g = canvas.getContext("2d")!;
    for (let i = 0; i < size / cell; i++) for (let j = 0; j < size / cell; j++) {
      g.fillStyle = `hsl(${(i * 7 + j * 13) % 360} 70% 50%)`;
      g.fillRect(i * cell, j * cell, cell, cell);
    }
    const dt = new DataTransfer();
    dt.items.add(new File([await canvas.convertToBlob({ type: "image/png" })], "pattern.png", { type: "image/png" }));
    const target = document.querySelector(".canvas")!;
    for (const type of ["dragenter", "dragover", "drop"]) target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, clientX: x, clientY: y, bubbles: true, cancelable: true }));
  }, { size, cell: PATTERN_CELL, x, y });
}
