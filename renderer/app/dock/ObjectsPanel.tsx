// Every shape and probe of the scene by name (its id when unnamed), with its kind and layer, as
// Godot's Scene dock and Tiled's Objects view list them. Search matches a name, an id, a kind, a
// class or a layer's name, and Enter selects every match; a click selects and frames the item,
// Ctrl/Cmd-click adds or removes it, Shift-click selects the range from the last row clicked, a
// double-click renames it in the Inspector's Name field (rename-request.ts), as F2 does. The list
// takes the focus: the arrows, Home/End and the Page keys walk it (with Shift, a range), Ctrl/Cmd+A
// selects what it lists. Only the rows in view are drawn, so 100,000 shapes list as fast as ten.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useEditor, useEditorState } from "../../editor/react";
import { itemLabel } from "../../editor/names";
import { notify, select } from "../../store/actions";
import { renameRefusal, requestRename } from "../rename-request";
import { frameItems } from "../../store/view-actions";
import { filterRows, itemAt, ListOrder, listedCount, listedIds, listedItem, listedRange, listedRowOf, objectKind, stepRow, type Item, type ListedRows } from "./object-rows";
import { isSelectAllChord } from "../../actions/text-field";
import { selectListed } from "../../store/select-actions";

/** Each row's height in CSS pixels (dock.css gives .object-row the same). */
export const OBJECT_ROW_HEIGHT = 22;
/** Rows drawn beyond each edge of the view, so a fast scroll shows no gap. */
const OVERSCAN = 8;

function useScrollView(ref: React.RefObject<HTMLDivElement | null>): { top: number; height: number } {
  const [view, setView] = useState({ top: 0, height: 300 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight });
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    el.addEventListener("scroll", measure, { passive: true });
    measure();
    return () => {
      ro.disconnect();
      el.removeEventListener("scroll", measure);
    };
  }, [ref]);
  return view;
}

export function ObjectsPanel() {
  const editor = useEditor();
  const sceneShapes = useEditorState((s) => s.shapes);
  const probes = useEditorState((s) => s.probes);
  const layers = useEditorState((s) => s.layers);
  // Listed as the canvas draws them, layer by layer: a shape moved to another layer is among its shapes.
  const order = useRef(new ListOrder());
  const shapes = useMemo(() => order.current.of(sceneShapes, layers), [sceneShapes, layers]);
  const selection = useEditorState((s) => s.selection);
  const [query, setQuery] = useState("");
  const layerNames = useMemo(() => new Map(layers.map((l) => [l.id, l.name])), [layers]);
  const rows = useMemo(() => filterRows(shapes, probes, query, layerNames), [shapes, probes, query, layerNames]);
  const listed: ListedRows = { shapes, probes, rows };
  const count = listedCount(listed);
  const total = shapes.length + probes.length;
  // The row the keys walk from and the one a Shift range starts at (Tiled's current and anchor rows), by id.
  const [active, setActive] = useState<string | null>(null);
  const anchor = useRef<string | null>(null);
  const selected = useMemo(() => new Set(selection), [selection]);
  const scroller = useRef<HTMLDivElement>(null);
  const view = useScrollView(scroller);
  const first = Math.max(0, Math.floor(view.top / OBJECT_ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(count, Math.ceil((view.top + view.height) / OBJECT_ROW_HEIGHT) + OVERSCAN);

  // A selection made elsewhere (the canvas, undo) scrolls its first item into the list's view.
  const lead = selection[0];
  useEffect(() => {
    const el = scroller.current;
    if (!el || lead === undefined) return;
    let at = -1;
    if (rows) {
      for (let r = 0; r < rows.length && at < 0; r++) if (itemAt(shapes, probes, rows[r]!).id === lead) at = r;
    } else {
      const hit = editor.documentWorld().lookup(lead);
      const probeAt = hit ? -1 : probes.findIndex((p) => p.id === lead);
      at = hit ? order.current.placeOf(hit.index) : probeAt < 0 ? -1 : shapes.length + probeAt;
    }
    if (at < 0) return;
    const top = at * OBJECT_ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + OBJECT_ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + OBJECT_ROW_HEIGHT - el.clientHeight;
    // Only a new lead scrolls: an edit of the shapes must not pull the list back.
  }, [lead, rows]);

  const scrollToRow = (r: number) => {
    const el = scroller.current;
    if (!el) return;
    const top = r * OBJECT_ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + OBJECT_ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + OBJECT_ROW_HEIGHT - el.clientHeight;
  };

  /** The listed row of `id`, when there is one. */
  const rowOf = (id: string | null | undefined) => (id === null || id === undefined ? -1 : listedRowOf(listed, id));
  // A scan of the list: once per render, not per row.
  const activeRow = useMemo(() => (active === null ? -1 : listedRowOf({ shapes, probes, rows }, active)), [active, shapes, probes, rows]);

  /** Shift: the rows from the anchor (the last row clicked or walked to without Shift) to row `r`; else row `r` alone. */
  const selectRow = (r: number, range: boolean, frame: boolean) => {
    const id = listedItem(listed, r).id;
    setActive(id);
    const from = range ? rowOf(anchor.current ?? lead) : -1;
    if (from >= 0) {
      select(editor, listedRange(listed, from, r));
      return;
    }
    anchor.current = id;
    select(editor, [id]);
    if (frame) frameItems(editor, [id]);
  };

  const pick = (item: Item, r: number, e: MouseEvent) => {
    // A Shift+click's press keeps the focus where it was (no text selected): the list takes it.
    scroller.current?.focus({ preventScroll: true });
    if (e.ctrlKey || e.metaKey) {
      setActive(item.id);
      anchor.current = item.id;
      select(editor, selected.has(item.id) ? selection.filter((id) => id !== item.id) : [...selection, item.id]);
      return;
    }
    selectRow(r, e.shiftKey, true);
  };

  // The walking keys and Ctrl/Cmd+A are the list's while it has the focus (text-field.ts ownsEvent);
  // Delete, F2 and the clipboard act on the selection it shows, as in Tiled's Objects view.
  const onListKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (isSelectAllChord(e)) {
      e.preventDefault();
      selectListed(editor, listedIds(listed));
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const page = Math.max(1, Math.floor(view.height / OBJECT_ROW_HEIGHT) - 1);
    const at = activeRow >= 0 ? activeRow : rowOf(lead);
    const to = stepRow(e.key, at, count, page);
    if (to === null) return;
    e.preventDefault();
    selectRow(to, e.shiftKey, true);
    scrollToRow(to);
  };

  // The click before it has selected the row's item (and framed it).
  const rename = (e: MouseEvent) => {
    if (e.ctrlKey || e.metaKey) return;
    const refused = renameRefusal(editor);
    if (refused === null) requestRename();
    else notify(editor, refused);
  };

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Escape") {
      if (query) setQuery("");
      else e.currentTarget.blur();
      e.stopPropagation();
    } else if (e.key === "Enter" && count > 0) {
      // Every match that can be picked, as Ctrl+A in the list: the search is how a level's "coin"s
      // are picked together.
      const ids = selectListed(editor, listedIds(listed));
      if (ids.length === 0) return;
      anchor.current = ids[0]!;
      setActive(ids[0]!);
      frameItems(editor, ids);
    }
  };

  const drawn = [];
  for (let r = first; r < last; r++) {
    const item = itemAt(shapes, probes, rows ? rows[r]! : r);
    const layer = "layer" in item && item.layer !== undefined ? (layerNames.get(item.layer) ?? item.layer) : "";
    const hidden = "visible" in item && item.visible === false;
    const row = r;
    drawn.push(
      <div
        key={item.id}
        id={`object-row-${item.id}`}
        role="option"
        aria-selected={selected.has(item.id)}
        className={["object-row", ...(hidden ? ["hidden"] : []), ...(item.id === active ? ["active"] : [])].join(" ")}
        data-testid={`object-${item.id}`}
        style={{ top: r * OBJECT_ROW_HEIGHT }}
        onMouseDown={(e) => {
          // Shift+click selects a range, not the text between two clicks.
          if (e.shiftKey) e.preventDefault();
        }}
        onClick={(e) => pick(item, row, e)}
        onDoubleClick={rename}
        title={hidden ? "Hidden: not drawn on the canvas (it still collides and exports); double-click to rename" : "Double-click to rename"}
      >
        <span className={item.name ? "label" : "label unnamed"}>{itemLabel(item)}</span>
        <span className="kind">
          {objectKind(item)}
          {"sensor" in item && item.sensor === true && <span className="sensor"> · sensor</span>}
          {hidden ? " · hidden" : ""}
        </span>
        <span className="layer">{layer}</span>
      </div>,
    );
  }

  return (
    <div className="objects">
      <div className="objects-bar">
        <input
          type="search"
          aria-label="Search objects"
          placeholder="Search by name, id, kind, class or layer"
          title="Enter selects every match"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onSearchKey}
        />
        <span className="count" data-testid="objects-count">
          {rows ? `${count} of ${total}` : `${total} object${total === 1 ? "" : "s"}`}
        </span>
      </div>
      <div
        className="objects-list"
        ref={scroller}
        role="listbox"
        aria-label="Objects"
        aria-multiselectable="true"
        tabIndex={0}
        aria-activedescendant={activeRow >= first && activeRow < last ? `object-row-${active}` : undefined}
        onKeyDown={onListKey}
      >
        <div style={{ height: count * OBJECT_ROW_HEIGHT, position: "relative" }}>{drawn}</div>
        {count === 0 && <p className="empty">{total === 0 ? "The scene is empty: draw a shape with the toolbar." : "Nothing matches."}</p>}
      </div>
    </div>
  );
}
