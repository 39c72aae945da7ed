// The command palette's filter: which actions a query finds, best first. Pure, so tests drive it.
import type { Action } from "./types";

/**
 * How well one query word matches a text, lower is better, or null for no match: the text starts
 * with it (0), a word of the text does (1), it is inside the text (2), its letters appear in order
 * (3 plus the letters skipped, "svas" finds "Save As").
 */
export function wordScore(word: string, text: string): number | null {
  const t = text.toLowerCase();
  if (t.startsWith(word)) return 0;
  if (t.split(/[^a-z0-9]+/).some((w) => w.startsWith(word))) return 1;
  if (t.includes(word)) return 2;
  let at = 0, gaps = 0;
  for (const ch of word) {
    const i = t.indexOf(ch, at);
    if (i < 0) return null;
    gaps += i - at;
    at = i + 1;
  }
  return 3 + gaps;
}

/** Scores from here on are letters found in order, not a run of the query's own letters. */
const SCATTERED = 3;

/**
 * Actions whose label or group match every word of the query, best first; ties keep registry
 * order. A word matching only the group ("edit") ranks below one matching the label. Letters in
 * order ("svas" for Save As) count only when no action holds every word as a run of letters: with
 * "ray", the Ray actions, not Raise Layer's r, a, y.
 */
export function searchActions(actions: readonly Action[], query: string): Action[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...actions];
  const scored: { action: Action; score: number; index: number; scattered: boolean }[] = [];
  actions.forEach((action, index) => {
    let score = 0, scattered = false;
    for (const w of words) {
      const own = wordScore(w, action.label), other = action.keywords ? wordScore(w, action.keywords.join(" ")) : null;
      const inLabel = Math.min(own ?? Infinity, other === null ? Infinity : other + 1);
      const inGroup = wordScore(w, action.group) ?? Infinity;
      const best = Math.min(inLabel, inGroup + 4);
      if (best === Infinity) return;
      score += best;
      if (Math.min(inLabel, inGroup) >= SCATTERED) scattered = true;
    }
    scored.push({ action, score, index, scattered });
  });
  const runs = scored.some((s) => !s.scattered);
  return scored.filter((s) => !runs || !s.scattered).sort((a, b) => a.score - b.score || a.index - b.index).map((s) => s.action);
}
