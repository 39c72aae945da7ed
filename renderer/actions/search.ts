// The command palette's filter: which actions a query finds, best first. Pure, so tests drive it.
import type { Action } from "./types";

/**
 * How well one query word matches a text, lower is better, or null for no match: the text starts
 * with it (0), a word of the text does (1), it is inside a word (2), its letters appear in order
 * (3 plus the letters skipped, "svas" finds "Save As"). Letters in order count only for a word of
 * at most three letters: a longer one is meant as typed ("hide" is not h…i…d…e in "Nudge right one
 * grid cell").
 */
export function wordScore(word: string, text: string): number | null {
  const t = text.toLowerCase();
  if (t.startsWith(word)) return 0;
  if (t.split(/[^a-z0-9]+/).some((w) => w.startsWith(word))) return 1;
  if (t.includes(word)) return 2;
  if (word.length > SCATTERED_UP_TO) return null;
  let at = 0, gaps = 0;
  for (const ch of word) {
    const i = t.indexOf(ch, at);
    if (i < 0) return null;
    gaps += i - at;
    at = i + 1;
  }
  return 3 + gaps;
}

/** The longest query word whose letters may be found scattered. */
export const SCATTERED_UP_TO = 3;

/** How a query word was found: at a word's start, inside a word, or as letters in order. */
export type MatchKind = "start" | "inside" | "scattered";

const kindOf = (score: number): MatchKind => (score <= 1 ? "start" : score === 2 ? "inside" : "scattered");
const RANK: Readonly<Record<MatchKind, number>> = { start: 0, inside: 1, scattered: 2 };

/**
 * Actions whose label, keywords or group match every word of the query, best first. Where some
 * action holds every word at the start of a word (of its label, keywords or menu), only those are
 * listed ("lock": Lock Layer, not Clockwise); else where some hold every word as a run of letters,
 * only those ("ray": the Ray actions, not Raise Layer's r, a, y); else letters in order ("svas").
 * Among those: a label's own match before a keyword's, either before the menu's ("edit"); ties
 * keep registry order.
 */
export function searchActions(actions: readonly Action[], query: string): Action[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...actions];
  const scored: { action: Action; score: number; index: number; kind: number }[] = [];
  actions.forEach((action, index) => {
    let score = 0, kind = 0;
    for (const w of words) {
      const own = wordScore(w, action.label), other = action.keywords ? wordScore(w, action.keywords.join(" ")) : null;
      const inLabel = Math.min(own ?? Infinity, other === null ? Infinity : other + 2);
      const inGroup = wordScore(w, action.group) ?? Infinity;
      const best = Math.min(inLabel, inGroup + 4);
      if (best === Infinity) return;
      score += best;
      kind = Math.max(kind, RANK[kindOf(Math.min(own ?? Infinity, other ?? Infinity, inGroup))]);
    }
    scored.push({ action, score, index, kind });
  });
  const bestKind = Math.min(...scored.map((s) => s.kind));
  return scored.filter((s) => s.kind === bestKind).sort((a, b) => a.score - b.score || a.index - b.index).map((s) => s.action);
}
