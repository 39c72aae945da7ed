// A small timing harness: warm up, calibrate a batch size, then time repeated batches of each
// (case, library) body, interleaving the libraries of a case, and keep every sample.

/** A timed body: `run(reps)` makes `reps × callsPerRep` calls and returns a value derived from their results. */
export interface Bench {
  readonly group: string;
  readonly lib: string;
  readonly callsPerRep: number;
  readonly run: (reps: number) => number;
}

export interface Options {
  /** Timed batches per (case, library). */
  readonly samples: number;
  /** Minimum length of one batch. */
  readonly batchMs: number;
  /** Warm-up time per body before anything is timed. */
  readonly warmupMs: number;
}

export interface Result {
  readonly group: string;
  readonly lib: string;
  /** Median nanoseconds per call over the samples. */
  readonly median: number;
  readonly min: number;
  readonly q1: number;
  readonly q3: number;
  readonly reps: number;
  readonly callsPerBatch: number;
  /** Nanoseconds per call, one per batch, in the order taken. */
  readonly samples: number[];
}

/** Results of every call are folded in here and printed at the end, so no work can be dropped. */
export let sink = 0;

const now = () => process.hrtime.bigint();
const elapsedNs = (t0: bigint) => Number(now() - t0);

/** Runs `bench` for at least `ms` (optimising it), returns the best ns per rep seen. */
function warm(bench: Bench, ms: number): number {
  const end = Number(now()) + ms * 1e6;
  let best = Infinity;
  do {
    const t0 = now();
    sink += bench.run(1);
    best = Math.min(best, elapsedNs(t0));
  } while (Number(now()) < end);
  return best;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Warms every body once, so shared code has seen all its inputs before any timing. */
export function warmAll(benches: readonly Bench[], ms: number): void {
  for (const b of benches) warm(b, ms);
}

/**
 * Times the bodies of one group (one case): each is calibrated to batches of at least batchMs,
 * then the libraries take turns batch by batch, in a rotating order.
 */
export function measureGroup(benches: readonly Bench[], opts: Options): Result[] {
  const reps = benches.map((b) => {
    const perRep = warm(b, Math.max(opts.warmupMs / 4, 5));
    return Math.max(1, Math.ceil((opts.batchMs * 1e6) / perRep));
  });
  const samples: number[][] = benches.map(() => []);
  for (let s = 0; s < opts.samples; s++) {
    for (let k = 0; k < benches.length; k++) {
      const j = (k + s) % benches.length;
      const b = benches[j]!;
      const t0 = now();
      sink += b.run(reps[j]!);
      samples[j]!.push(elapsedNs(t0) / (reps[j]! * b.callsPerRep));
    }
  }
  return benches.map((b, j) => {
    const sorted = [...samples[j]!].sort((x, y) => x - y);
    return {
      group: b.group,
      lib: b.lib,
      median: quantile(sorted, 0.5),
      min: sorted[0]!,
      q1: quantile(sorted, 0.25),
      q3: quantile(sorted, 0.75),
      reps: reps[j]!,
      callsPerBatch: reps[j]! * b.callsPerRep,
      samples: samples[j]!,
    };
  });
}

/** ns with a sensible number of digits. */
export const ns = (v: number | undefined): string => (v === undefined || !Number.isFinite(v) ? "n/a" : v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0));
export const ratio = (peer: number | undefined, ours: number | undefined): string =>
  peer === undefined || ours === undefined || !Number.isFinite(peer) || !Number.isFinite(ours) ? "n/a" : `${(peer / ours).toFixed(1)}×`;

export function table(header: readonly string[], align: readonly ("l" | "r")[], rows: readonly (readonly string[])[]): string {
  const lines = [`| ${header.join(" | ")} |`, `|${align.map((a) => (a === "r" ? "---:" : ":---")).join("|")}|`];
  for (const r of rows) lines.push(`| ${r.join(" | ")} |`);
  return lines.join("\n");
}
