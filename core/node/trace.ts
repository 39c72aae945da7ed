// `collider-studio trace IMAGE.png -o OUT.json`: convex polygons (or, with --concave, whole
// outlines; with --chains, closed one-sided chains along them) covering a PNG's opaque pixels, written as a scene with the image under them where it
// was traced (core/trace/ does the tracing, png.ts the reading).
// It reports in the editor's Trace dialog's words (trace-words.ts): blobs, holes, pieces.
import path from "node:path";
import { emptyScene, type SceneImage } from "../scene/types";
import { MAX_COORDINATE } from "../scene/field-rules";
import { serializeScene } from "../scene/io";
import { TRACE_DEFAULTS, traceImage, tracedChains, tracedShapes, type TraceOptions } from "../trace/trace";
import { blobCount, chainCount, specksNote, traceStageWords, wholeOutlinesNote } from "../trace/trace-words";
import { readBytesFile, UserError } from "./files";
import { checkOutputPaths } from "./output-paths";
import { decodePngAlpha } from "./png";

export interface TraceCommandOptions extends TraceOptions {
  readonly output: string;
}

/** What the command needs of the CLI's io. */
export interface TraceIO {
  readonly stderr: (text: string) => void;
  /** The stage a long trace is at, on a terminal only: never into the scene on standard output. */
  readonly progress?: (text: string) => void;
  readonly stdout: (text: string) => void;
  readonly readBytes?: (path: string) => Promise<Uint8Array>;
  readonly writeText: (path: string, text: string) => Promise<string | null | undefined>;
}

/** The shapes' base name: the image file's name without its extension ("art" for art/level-1.png is "level-1"). */
export function imageBaseName(file: string): string {
  const base = path.basename(file, path.extname(file));
  return base === "" ? "image" : base;
}

/**
 * The traced image as the scene's picture, placed and sized as it was traced: `src` relative to the
 * output's folder (to the current folder for standard output), or the PNG itself as a data: URL
 * when no relative path reaches it (another drive).
 */
export function tracedImage(file: string, output: string, bytes: Uint8Array, size: { width: number; height: number }, x: number, y: number, scale: number): SceneImage {
  const from = output === "-" ? process.cwd() : path.dirname(path.resolve(output));
  const relative = path.relative(from, path.resolve(file));
  const src = relative === "" || path.isAbsolute(relative) ? `data:image/png;base64,${Buffer.from(bytes).toString("base64")}` : relative.split(path.sep).join("/");
  return { id: imageBaseName(file), src, x, y, ...(scale === 1 ? {} : { width: scale * size.width, height: scale * size.height }) };
}

const plural = (n: number, what: string) => `${n.toLocaleString("en")} ${what}${n === 1 ? "" : "s"}`;

export async function traceCommand(io: TraceIO, file: string, opts: TraceCommandOptions): Promise<void> {
  const x = opts.x ?? TRACE_DEFAULTS.x, y = opts.y ?? TRACE_DEFAULTS.y, scale = opts.scale ?? TRACE_DEFAULTS.scale;
  if (opts.concave === true && opts.chains === true) throw new UserError("--concave and --chains are two kinds of output (whole polygons, or chains along the outlines): choose one");
  checkOutputPaths([{ what: "the image", path: file }], [{ what: "-o", path: opts.output }]);
  const bytes = await (io.readBytes ?? readBytesFile)(file);
  // On a terminal, a line rewritten in place as the work moves on (a big picture takes seconds),
  // cleared before anything else is said; never on standard output.
  const progress = io.progress;
  const say = progress ? (text: string) => progress(`\r\u001b[K${file}: ${text}`) : null;
  const making = opts.chains === true ? "chains" : opts.concave === true ? "whole outlines" : "convex pieces";
  let image: ReturnType<typeof decodePngAlpha>, result: ReturnType<typeof traceImage>;
  try {
    say?.("reading the picture");
    image = decodePngAlpha(bytes, file);
    // Every point must stay within the format's coordinates.
    const far = Math.max(Math.abs(x), Math.abs(y), Math.abs(x + scale * image.width), Math.abs(y + scale * image.height));
    if (!(far <= MAX_COORDINATE)) throw new UserError(`${file}: placed at (${x}, ${y}) with --scale ${scale}, the image would reach beyond ±1e15, the format's limit`);
    result = traceImage(image, say ? { ...opts, progress: (stage) => say(`tracing: ${traceStageWords(stage, making)}`) } : opts);
  } finally {
    progress?.("\r\u001b[K");
  }
  const alpha = opts.alpha ?? TRACE_DEFAULTS.alpha;
  if (result.opaque === 0) throw new UserError(`${file}: nothing to trace (no pixel has alpha ${alpha} or more)`, 1);
  const minArea = opts.minArea ?? TRACE_DEFAULTS.minArea;
  const scene = { ...emptyScene(), images: [tracedImage(file, opts.output, bytes, image, x, y, scale)], shapes: opts.chains === true ? tracedChains(result.chains, imageBaseName(file)) : tracedShapes(result.pieces, imageBaseName(file)) };
  const text = serializeScene(scene);
  const toStdout = opts.output === "-";
  const kept = toStdout ? (io.stdout(text), null) : await io.writeText(opts.output, text);
  const where = toStdout ? "" : ` to ${opts.output}${kept ? ` (the file it replaced is kept as ${kept})` : ""}`;
  const notes = [specksNote(result, minArea), opts.concave ? wholeOutlinesNote(result) : null].filter((n) => n !== null);
  const made = opts.chains === true ? chainCount(result) : plural(result.pieces.length, opts.concave ? "polygon" : "convex piece");
  io.stderr(`${file}: traced ${blobCount(result)} into ${made}, IoU ${result.iou.toFixed(4)}; wrote the scene${where}\n${notes.map((n) => `${file}: ${n}\n`).join("")}`);
}
