// Every shape and probe of the scene by name (its id when unnamed), with its kind and layer, as
// Godot's Scene dock and Tiled's Objects view list them. Search matches a name, an id or a kind;
// a click selects and frames the item, Ctrl/Cmd-click adds or removes it, a double-click renames it
// in the Inspector's Name field (rename-request.ts), as F2 does. Only the rows in view
// are drawn, so 100,000 shapes list as fast as ten.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useEditor, useEditorState } from "../../editor/react";
import { itemLabel } from "../../editor/names";
import { notify, select } from "../../store/actions";
import { renameRefusal, requestRename } from "../rename-request";
import { frameItems } from "../../store/view-actions";
import { filterRows, itemAt, objectKind, type Item } from "./object-rows";

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
  const shapes = useEditorState((s) => s.shapes);
  const probes = useEditorState((s) => s.probes);
  const layers = useEditorState((s) => s.layers);
  const selection = useEditorState((s) => s.selection);
  const [query, setQuery] = useState("");
  const rows = useMemo(() => filterRows(shapes, probes, query), [shapes, probes, query]);
  const count = rows ? rows.length : shapes.length + probes.length;
  const total = shapes.length + probes.length;
  const layerNames = useMemo(() => new Map(layers.map((l) => [l.id, l.name])), [layers]);
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
      at = hit ? hit.index : probeAt < 0 ? -1 : shapes.length + probeAt;
    }
    if (at < 0) return;
    const top = at * OBJECT_ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + OBJECT_ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + OBJECT_ROW_HEIGHT - el.clientHeight;
    // Only a new lead scrolls: an edit of the shapes must not pull the list back.
  }, [lead, rows]);

  const pick = (item: Item, e: MouseEvent) => {
    if (e.ctrlKey || e.metaKey) {
      select(editor, selected.has(item.id) ? selection.filter((id) => id !== item.id) : [...selection, item.id]);
      return;
    }
    select(editor, [item.id]);
    frameItems(editor, [item.id]);
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
      const item = itemAt(shapes, probes, rows ? rows[0]! : 0);
      select(editor, [item.id]);
      frameItems(editor, [item.id]);
    }
  };

  const drawn = [];
  for (let r = first; r < last; r++) {
    const item = itemAt(shapes, probes, rows ? rows[r]! : r);
    const layer = "layer" in item && item.layer !== undefined ? (layerNames.get(item.layer) ?? item.layer) : "";
    const hidden = "visible" in item && item.visible === false;
    drawn.push(
      <div
        key={item.id}
        role="option"
        aria-selected={selected.has(item.id)}
        className={hidden ? "object-row hidden" : "object-row"}
        data-testid={`object-${item.id}`}
        style={{ top: r * OBJECT_ROW_HEIGHT }}
        onClick={(e) => pick(item, e)}
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
          placeholder="Search by name, id or kind"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onSearchKey}
        />
        <span className="count" data-testid="objects-count">
          {rows ? `${count} of ${total}` : `${total} object${total === 1 ? "" : "s"}`}
        </span>
      </div>
      <div className="objects-list" ref={scroller} role="listbox" aria-label="Objects" aria-multiselectable="true">
        <div style={{ height: count * OBJECT_ROW_HEIGHT, position: "relative" }}>{drawn}</div>
        {count === 0 && <p className="empty">{total === 0 ? "The scene is empty: draw a shape with the toolbar." : "Nothing matches."}</p>}
      </div>
    </div>
  );
}
