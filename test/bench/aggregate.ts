// Folds several `npm run bench` processes into one table: for every case, the median over the runs
// of each library's median ns, and the median (with the range) of each peer's ratio to ours. On a
// shared, noisy machine a single run's figures depend on that process's JIT and GC states; the
// median over fresh processes is what the READMEs quote.
import { ns, quantile, table, type Result } from "./harness";

export interface RunFile {
  readonly date: string;
  readonly node: string;
  readonly cpu: string;
  readonly results: readonly Result[];
}

const OURS = "ours";
/** Box2D in C's library name (box2d-native.ts's BOX2D, written out: this file imports nothing that builds C). */
const BOX2D = "Box2D v3 (C)";
const median = (values: readonly number[]) => quantile([...values].sort((a, b) => a - b), 0.5);

/** One row per case and peer: ours' and the peer's median ns, and the peer/ours ratio over the runs. */
export function aggregate(runs: readonly RunFile[]): string {
  const groups: string[] = [];
  const libs = new Map<string, string[]>();
  for (const run of runs) for (const r of run.results) {
    if (!libs.has(r.group)) { libs.set(r.group, []); groups.push(r.group); }
    const list = libs.get(r.group)!;
    if (!list.includes(r.lib)) list.push(r.lib);
  }
  const medianOf = (run: RunFile, group: string, lib: string) => run.results.find((r) => r.group === group && r.lib === lib)?.median;
  const rows: string[][] = [];
  const below3: string[] = [];
  for (const group of groups) {
    const ours = runs.map((run) => medianOf(run, group, OURS)).filter((v): v is number => v !== undefined);
    if (ours.length === 0) continue;
    // Ours' other figures are left out, but for a second pass ("ours next", world-frame.ts): its ratio is next / first.
    for (const lib of libs.get(group)!.filter((l) => !l.startsWith(OURS) || l === `${OURS} next`)) {
      const peer: number[] = [], ratios: number[] = [];
      for (const run of runs) {
        const o = medianOf(run, group, OURS), p = medianOf(run, group, lib);
        if (o === undefined || p === undefined) continue;
        peer.push(p);
        ratios.push(p / o);
      }
      if (ratios.length === 0) continue;
      const r = median(ratios), lo = Math.min(...ratios), hi = Math.max(...ratios);
      rows.push([group, lib, ns(median(ours)), ns(median(peer)), `${r.toFixed(1)}×`, `${lo.toFixed(1)}–${hi.toFixed(1)}×`]);
      if (lib === "planck" && /^(manifold|distance) /.test(group) && r < 3) below3.push(`${group} (${r.toFixed(1)}×)`);
    }
  }
  // Issue 27's bound: every manifold within 1.5× of Box2D in C, ours over Box2D's time per run.
  const box2dRows: string[][] = [], over: string[] = [];
  for (const group of groups.filter((g) => g.startsWith("manifold ") && libs.get(g)!.includes(BOX2D))) {
    const ratios = runs.map((run) => [medianOf(run, group, OURS), medianOf(run, group, BOX2D)] as const)
      .filter((pair): pair is readonly [number, number] => pair[0] !== undefined && pair[1] !== undefined).map(([o, b]) => o / b);
    if (ratios.length === 0) continue;
    const r = median(ratios);
    box2dRows.push([group.slice("manifold ".length), `${r.toFixed(2)}×`, `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×`]);
    if (r > 1.5) over.push(`${group} (${r.toFixed(2)}×)`);
  }
  const first = runs[0]!;
  return [
    `Median of ${runs.length} bench processes — ${first.date}, Node ${first.node}, ${first.cpu}`,
    "",
    table(["case", "peer", "ours ns", "peer ns", "peer/ours (median)", "range over runs"], ["l", "l", "r", "r", "r", "r"], rows),
    "",
    // Only when manifolds or distances ran (an --only "sweep" run has none to speak of).
    ...(!groups.some((g) => /^(manifold|distance) /.test(g)) ? []
      : below3.length === 0 ? ["- Every manifold and distance is at least 3× faster than planck (median over the runs)."]
      : [`- Below the 3× planck target (median over the runs): ${below3.join(", ")}.`]),
    ...(box2dRows.length === 0 ? [] : [
      "",
      "Manifolds against Box2D v3 in C (ours ns / Box2D ns, per run; issue 27's bound is 1.5×):",
      "",
      table(["pair", "ours/Box2D (median)", "range over runs"], ["l", "r", "r"], box2dRows),
      "",
      over.length === 0 ? "- Every manifold is within 1.5× of Box2D in C (median over the runs)." : `- Above 1.5× Box2D in C (median over the runs): ${over.join(", ")}.`,
    ]),
  ].join("\n");
}
