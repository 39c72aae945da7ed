import { useEffect, useState } from "react";
import { actionById, chordLabel } from "../actions/registry";
import { useEditor, useEditorState, useOverlaps, useReplay } from "../editor/react";
import { setGridSizeText } from "../store/view-actions";
import { Field } from "./panels/fields";
import { useOpening } from "./document-commands";
import { useExporting } from "./export-in-worker";
import { ZoomMenu } from "./ZoomMenu";

/** A status-bar switch that runs a registered action (its shortcut in the tooltip). */
function Toggle({ actionId, on, label }: { actionId: string; on: boolean; label: string }) {
  const editor = useEditor();
  const action = actionById(actionId);
  const key = action.keys[0];
  return (
    <button type="button" className="toggle" aria-pressed={on} title={`${action.label}${key ? ` (${chordLabel(key)})` : ""}`} onClick={() => action.run(editor)}>
      {label}
    </button>
  );
}

/**
 * The cell size field: applied on Enter or on leaving it, as the Inspector's fields are; a cell out
 * of range is refused in their words ("Cell not changed: must be between 1e-9 and 1e6").
 */
function GridSizeField({ size }: { size: number }) {
  const editor = useEditor();
  return <Field label="Cell" ariaLabel="Grid size" numeric className="cell" value={String(size)} commit={(t) => setGridSizeText(editor, t)} />;
}

/** How long a notice shows before it fades, in ms (the next action ends it sooner). */
export const NOTICE_MS = 6000;

/** The store's notice while it is fresh: a notice fades NOTICE_MS after it was raised. */
function useShownNotice(): string | null {
  const notice = useEditorState((s) => s.notice);
  const id = useEditorState((s) => s.noticeId);
  const [faded, setFaded] = useState(-1);
  useEffect(() => {
    const timer = setTimeout(() => setFaded(id), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [id]);
  return faded === id ? null : notice;
}

/** The active tool state's hint, following the tool, its state, the selection, the layers (a drawing tool's hint says when the active layer is locked or hidden) and the Snap switch (what the snap key does). */
function useHint(): string | null {
  const editor = useEditor();
  useEditorState((s) => s.grid.snap);
  useEditorState((s) => s.toolPath);
  useEditorState((s) => s.selection);
  useEditorState((s) => s.layers);
  useEditorState((s) => s.activeLayer);
  return editor.tools.hint();
}

export function StatusBar() {
  const shapes = useEditorState((s) => s.shapes);
  const cursor = useEditorState((s) => s.cursor);
  const notice = useShownNotice();
  const detail = useEditorState((s) => s.noticeDetail);
  const hint = useHint();
  const selection = useEditorState((s) => s.selection);
  const selectedImage = useEditorState((s) => s.selectedImage);
  // A replayed ray picked with no shape to select (its shapes are not in the scene) is the selection shown.
  const pickedRay = useReplay((r) => (r.selected === null ? null : (r.log?.rays.find((ray) => ray.line === r.selected)?.id ?? null)));
  const grid = useEditorState((s) => s.grid);
  const gridSize = useEditorState((s) => s.gridSize);
  const { pairs: { length: overlaps }, pending } = useOverlaps();
  const opening = useOpening((s) => s.opening);
  const exporting = useExporting((s) => s.exporting);
  return (
    <footer className="statusbar" role="status">
      <span data-testid="cursor">{cursor ? `${cursor.x.toFixed(0)}, ${cursor.y.toFixed(0)}` : "–"}</span>
      <ZoomMenu />
      <span data-testid="shape-count">{shapes.length} shape{shapes.length === 1 ? "" : "s"}</span>
      <span data-testid="selection-count">{selectedImage !== null ? `image ${selectedImage} selected` : selection.length === 0 && pickedRay !== null ? `replay ray ${pickedRay} selected` : `${selection.length} selected`}</span>
      <span data-testid="overlap-count" className={overlaps ? "warn" : undefined}>
        {pending ? "checking overlaps…" : `${overlaps} overlap${overlaps === 1 ? "" : "s"}`}
      </span>
      <span className="grid-controls">
        <Toggle actionId="view.toggleGrid" on={grid.visible} label="Grid" />
        <Toggle actionId="view.toggleSnap" on={grid.snap} label="Snap" />
        <GridSizeField size={gridSize} />
      </span>
      {opening && (
        <span className="opening" data-testid="open-progress">
          <progress max={1} value={opening.fraction} aria-label={`Opening ${opening.name}`} />
          Opening {opening.name}… {Math.round(opening.fraction * 100)} %
        </span>
      )}
      {exporting && (
        <span className="opening" data-testid="export-progress">
          <progress aria-label={`Exporting ${exporting.name}`} />
          Exporting {exporting.name}…{" "}
          <button type="button" onClick={exporting.cancel}>
            Cancel
          </button>
        </span>
      )}
      {(notice ?? hint) && <span className={notice ? "notice" : "notice hint"} data-testid="notice" title={(notice === null ? hint : (detail ?? notice)) ?? undefined}>{notice ?? hint}</span>}
    </footer>
  );
}
