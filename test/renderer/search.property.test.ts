// The palette's filter against a plain reference (fast-check, pinned seed): which actions a query
// finds is the set the reference's rules give (every word found; only word starts where some action
// has every word at a word start; letters in order only for words of up to three letters and only
// where nothing holds the words as typed), and a label's word-start match ranks above a keyword's
// or the menu's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { searchActions, SCATTERED_UP_TO } from "../../renderer/actions/search";
import { ACTION_GROUPS, type Action } from "../../renderer/actions/types";

const textWords = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
const atStart = (w: string, text: string) => textWords(text).some((x) => x.startsWith(w));
const inside = (w: string, text: string) => text.toLowerCase().includes(w);
const scattered = (w: string, text: string) => w.length <= SCATTERED_UP_TO && new RegExp([...w].join(".*")).test(text.toLowerCase());

/** 0: found at a word's start, 1: inside a word, 2: letters in order, 3: not found. */
function kind(w: string, texts: readonly string[]): number {
  if (texts.some((t) => atStart(w, t))) return 0;
  if (texts.some((t) => inside(w, t))) return 1;
  return texts.some((t) => scattered(w, t)) ? 2 : 3;
}

function reference(actions: readonly Action[], query: string): Set<string> {
  const words = textWords(query);
  const kinds = actions.map((a) => Math.max(...words.map((w) => kind(w, [a.label, (a.keywords ?? []).join(" "), a.group]))));
  const best = Math.min(...kinds);
  return new Set(actions.filter((_, i) => best < 3 && kinds[i] === best).map((a) => a.id));
}

const word = fc.stringMatching(/^[abcde]{1,6}$/);
const label = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(" "));
const action = fc.record({ label, keywords: fc.option(fc.array(word, { maxLength: 2 }), { nil: undefined }), group: fc.constantFrom(...ACTION_GROUPS) });
const actions = fc.array(action, { minLength: 1, maxLength: 12 }).map((list) => list.map((a, i): Action => ({ id: `a${i}`, keys: [], run: () => undefined, ...a })));
const query = fc.array(fc.stringMatching(/^[abcde]{1,5}$/), { minLength: 1, maxLength: 2 }).map((w) => w.join(" "));

describe("searchActions against a plain reference", () => {
  it("finds exactly the reference's actions (fast-check, pinned seed)", () => {
    fc.assert(
      fc.property(actions, query, (list, q) => {
        expect(new Set(searchActions(list, q).map((a) => a.id))).toEqual(reference(list, q));
      }),
      { seed: 4242, numRuns: 1000 },
    );
  });

  it("never finds a word of four or more letters by letters in order", () => {
    fc.assert(
      fc.property(actions, fc.stringMatching(/^[abcde]{4,6}$/), (list, q) => {
        for (const a of searchActions(list, q)) expect([a.label, ...(a.keywords ?? []), a.group].some((t) => inside(q, t))).toBe(true);
      }),
      { seed: 4243, numRuns: 1000 },
    );
  });

  it("ranks a label's word-start match above a match only in keywords or the menu", () => {
    fc.assert(
      fc.property(actions, word, (list, w) => {
        const found = searchActions(list, w);
        const own = (a: Action) => atStart(w, a.label);
        const firstOther = found.findIndex((a) => !inside(w, a.label));
        if (firstOther >= 0) expect(found.slice(firstOther).some(own)).toBe(false);
      }),
      { seed: 4244, numRuns: 1000 },
    );
  });
});
