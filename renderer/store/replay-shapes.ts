// The Replay panel's mismatches by shape, as `collider-studio replay` sums them (core's ShapeTally):
// one moved platform is one line ("plat-1: 2,150 rays: moved-point 2,132 (1.889–23.41, median
// 2.912)"), not 2,000 rows. A shape picked filters the rows to its rays and selects it.
import { describeShapeSummary, ShapeTally, type ReplayResult, type ShapeSummary } from "../../core";
import { measureOf, moreShapes, OTHER_SHAPES, shapeOfMismatch } from "../../core/replay/shape-summary";
import type { Editor } from "../editor/editor";
import { select } from "./actions";

/** Shapes the panel lists; the rest are counted in one line. */
export const PANEL_SHAPES = 5;

/** The mismatches among `results`, by the shape each expected (a new hit: the shape hit), most rays first. */
export function shapeSummaryOf(results: readonly ReplayResult[]): ShapeSummary[] {
  const tally = new ShapeTally();
  for (const r of results) if (r.status === "mismatch" && r.mismatch) tally.add(shapeOfMismatch(r), r.mismatch.kind, measureOf(r));
  return tally.summary();
}

export interface ShapeEntry {
  readonly shape: string;
  /** "plat-1: 2,150 rays: moved-point …", or for a picked shape with no mismatch left, that. */
  readonly text: string;
  /** Whether the rows are filtered to it. */
  readonly picked: boolean;
  /** OTHER_SHAPES (the shapes past ShapeTally's limit, lumped) names no shape to filter by. */
  readonly pickable: boolean;
}

/**
 * The panel's list: the first `limit` shapes, and the picked one even when it is not among them
 * (an edit fixed its rays, or others outgrew it), so that its filter can always be seen and undone;
 * `more`, "and 4 more shapes (37 rays)", or null.
 */
export function shapeEntries(list: readonly ShapeSummary[], picked: string | null, limit = PANEL_SHAPES): { readonly entries: readonly ShapeEntry[]; readonly more: string | null } {
  const entry = (s: ShapeSummary): ShapeEntry => ({ shape: s.shape, text: describeShapeSummary(s), picked: s.shape === picked, pickable: s.shape !== OTHER_SHAPES });
  const entries = list.slice(0, limit).map(entry);
  if (picked !== null && !entries.some((e) => e.picked)) {
    const s = list.find((x) => x.shape === picked);
    entries.push(s ? entry(s) : { shape: picked, text: `${picked}: no mismatching rays shown`, picked: true, pickable: true });
  }
  return { entries, more: moreShapes(list, limit) };
}

/** The mismatches of one shape (every one for null), in the order given. */
export function mismatchesOfShape(results: readonly ReplayResult[], shape: string | null): readonly ReplayResult[] {
  return results.filter((r) => r.status === "mismatch" && (shape === null || shapeOfMismatch(r) === shape));
}

/**
 * A shape's entry clicked: the rows are filtered to its rays and the shape is selected on the
 * canvas (when the scene has it); the picked one clicked again shows every shape's rows again.
 */
export function toggleShapeFilter(editor: Editor, shape: string): void {
  const next = editor.replay.getState().shape === shape ? null : shape;
  editor.replay.setState({ shape: next });
  if (next !== null && editor.shapeById(next)) select(editor, [next]);
}
