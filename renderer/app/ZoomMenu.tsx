// The status bar's zoom readout, a button that opens a percentage field over the preset zoom
// levels and Fit to view, as Tiled's editable zoom combo box does. The field has the focus: a
// number typed and Enter zooms to it (clamped to the limits; anything else is refused in the status
// line, the list staying open). Up and Down move in the list (then Home, End jump, Enter or Space
// picks); Escape or a click elsewhere closes it. Every zoom is about the canvas's centre. A zoom
// applied gives the keys back to the canvas (Space pans, tool letters work); Escape, which changes
// nothing, gives the focus back to the readout, as a menu does to its button.
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { actionById, chordLabel } from "../actions/registry";
import { useEditor, useEditorState } from "../editor/react";
import { notify } from "../store/actions";
import { fitToView, zoomToScale } from "../store/view-actions";
import { typedZoom, ZOOM_LEVELS, zoomLabel } from "../store/zoom-levels";
import { usePopup } from "./popup";

/** The list's lines, top to bottom: Fit, then the presets from the largest down (the list opens upwards from the status bar). */
const ENTRIES: readonly (number | "fit")[] = ["fit", ...[...ZOOM_LEVELS].reverse()];

const keyOf = (id: string): string => chordLabel(actionById(id).keys[0]!);
const FIT_KEY = keyOf("view.fit");

/** The line the list opens on: the current preset, else the nearest (Fit's scale is between two). */
function nearestEntry(scale: number): number {
  const away = (i: number) => {
    const entry = ENTRIES[i]!;
    return entry === "fit" ? Infinity : Math.abs(Math.log(entry / scale));
  };
  let best = 1;
  for (let i = 2; i < ENTRIES.length; i++) if (away(i) < away(best)) best = i;
  return best;
}

export function ZoomMenu() {
  const scale = useEditorState((s) => s.view.scale);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="toggle zoom"
        data-testid="zoom"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Zoom ${zoomLabel(scale)}`}
        title={`Zoom: type a percentage or pick a level (${keyOf("view.resetZoom")}: 100%, ${FIT_KEY}: fit)`}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
          e.preventDefault();
          e.stopPropagation();
          setOpen(true);
        }}
      >
        {zoomLabel(scale)}
      </button>
      {/* On the page's body: the status bar is a live region, and its items are no menu's. */}
      {open && createPortal(<ZoomList scale={scale} anchor={button} close={(focus) => {
        setOpen(false);
        if (focus === "readout") button.current?.focus();
        // The page's body has the keys then: the editor's shortcuts, Space to pan.
        else if (focus === "canvas" && document.activeElement instanceof HTMLElement) document.activeElement.blur();
      }} />, document.body)}
    </>
  );
}

/** The field's text for a scale: its percentage without the sign ("57.9"). */
const percentText = (scale: number): string => zoomLabel(scale).replace(/%$/, "");

/** Where the focus goes when the list closes: the readout (Escape), the canvas (a zoom applied by keys), or where it is (a click elsewhere, Tab). */
type FocusAfter = "readout" | "canvas" | null;

function ZoomList({ scale, anchor, close }: { readonly scale: number; readonly anchor: React.RefObject<HTMLButtonElement | null>; readonly close: (focus: FocusAfter) => void }) {
  const editor = useEditor();
  const root = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(() => nearestEntry(scale));
  const [text, setText] = useState(() => percentText(scale));
  // What Enter takes: the field once typed in (no line is then highlighted), the list's line once moved in (and at first).
  const [typing, setTyping] = useState(false);
  const [refused, setRefused] = useState(false);
  const [place, setPlace] = useState<{ left: number; bottom: number } | null>(null);
  usePopup(root, place !== null, () => true, () => close(null));
  // Above the readout, kept inside the window.
  useLayoutEffect(() => {
    const at = anchor.current?.getBoundingClientRect();
    const width = root.current?.getBoundingClientRect().width ?? 0;
    if (at) setPlace({ left: Math.max(0, Math.min(at.left, innerWidth - width)), bottom: innerHeight - at.top + 3 });
  }, [anchor]);
  // The field, not the list, takes the focus (after usePopup's), its text selected so typing replaces it.
  useEffect(() => {
    if (place === null) return;
    field.current?.focus({ preventScroll: true });
    field.current?.select();
  }, [place]);
  useEffect(() => {
    root.current?.querySelector(".item.active")?.scrollIntoView({ block: "nearest" });
  }, [active, place]);

  const pick = (i: number) => {
    const entry = ENTRIES[i]!;
    close("canvas");
    if (entry === "fit") fitToView(editor);
    else zoomToScale(editor, entry);
  };
  const apply = () => {
    const zoom = typedZoom(text);
    if (!zoom.ok) {
      notify(editor, `Zoom not changed: ${zoom.message}`);
      setRefused(true);
      field.current?.select();
      return;
    }
    close("canvas");
    zoomToScale(editor, zoom.scale);
    if (zoom.clamped) notify(editor, `Zoom ${zoomLabel(zoom.scale)}, the ${zoom.clamped} there is (${text.trim().replace(/%$/, "")}% typed)`);
  };
  // The field shows the level a key moved to, as a combo box does.
  const move = (to: number) => {
    const entry = ENTRIES[to]!;
    setActive(to);
    setTyping(false);
    setRefused(false);
    if (entry !== "fit") setText(percentText(entry));
  };
  return (
    <div
      ref={root}
      className="menubar-menu zoom-menu"
      tabIndex={-1}
      style={{ position: "fixed", top: "auto", left: place?.left ?? 0, bottom: place?.bottom ?? 0, visibility: place ? "visible" : "hidden" }}
      onKeyDown={(e) => {
        e.stopPropagation();
        const n = ENTRIES.length;
        if (e.key === "Escape") close("readout");
        else if (e.key === "Tab") close(null);
        else if (e.key === "ArrowDown") move((active + 1) % n);
        else if (e.key === "ArrowUp") move((active - 1 + n) % n);
        else if (e.key === "Enter") {
          if (typing) apply();
          else pick(active);
        } else if (typing) return; // the field's own keys: Home, End, Space move or type there
        else if (e.key === "Home") move(0);
        else if (e.key === "End") move(n - 1);
        else if (e.key === " ") pick(active);
        else return;
        if (e.key !== "Tab") e.preventDefault();
      }}
    >
      <label className={refused ? "zoom-field invalid" : "zoom-field"}>
        <input
          ref={field}
          type="text"
          inputMode="decimal"
          aria-label="Zoom percentage"
          aria-invalid={refused}
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setTyping(true);
            setRefused(false);
          }}
        />
        <span aria-hidden="true">%</span>
      </label>
      <div className="separator" role="separator" />
      <div className="zoom-levels" role="menu" aria-label="Zoom">
        {ENTRIES.map((entry, i) => {
          const current = entry !== "fit" && Math.abs(entry / scale - 1) < 1e-9;
          return (
            <Fragment key={String(entry)}>
              <div
                className={i === active && !typing ? "item active" : "item"}
                role="menuitemradio"
                aria-checked={current}
                tabIndex={-1}
                onMouseMove={() => setActive(i)}
                onClick={() => pick(i)}
              >
                <span className="check" aria-hidden="true">{current ? "✓" : ""}</span>
                <span className="label">{entry === "fit" ? "Fit to view" : zoomLabel(entry)}</span>
                {entry === "fit" && <span className="shortcut" aria-hidden="true">{FIT_KEY}</span>}
              </div>
              {entry === "fit" && <div className="separator" role="separator" />}
            </Fragment>
          );
        })}
      </div>
    </div>
  );
}
