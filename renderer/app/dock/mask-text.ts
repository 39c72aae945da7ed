// A probe's mask in words, for the Probes tab: the layers it sees, by bit.

/** Bits as runs: "1, 3–5, 32". */
function bitRuns(bits: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < bits.length; ) {
    let j = i;
    while (j + 1 < bits.length && bits[j + 1] === bits[j]! + 1) j++;
    runs.push(j === i ? String(bits[i]) : j === i + 1 ? `${bits[i]}, ${bits[j]}` : `${bits[i]}–${bits[j]}`);
    i = j + 1;
  }
  return runs.join(", ");
}

/**
 * The layers a probe's mask lets it see, by bit, in few words: "layers 1, 3–5", "every layer but
 * 1", "no layer"; "" for every layer.
 */
export function maskText(mask: number | undefined): string {
  if (mask === undefined || mask >>> 0 === 0xffffffff) return "";
  const all = Array.from({ length: 32 }, (_, i) => i + 1);
  const seen = all.filter((bit) => ((mask >>> (bit - 1)) & 1) === 1);
  if (seen.length === 0) return "no layer";
  if (seen.length > 16) return `every layer but ${bitRuns(all.filter((bit) => !seen.includes(bit)))}`;
  return `layer${seen.length === 1 ? "" : "s"} ${bitRuns(seen)}`;
}
