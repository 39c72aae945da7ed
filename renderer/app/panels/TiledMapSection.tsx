// The Layers panel's Tiled map section, shown when the scene has a map: its name (its path on
// hover), whether it is shown and how opaque (the window's view of it: not saved, not undone), how
// many layers it drew, and why it or any of its pictures cannot be shown, as the canvas says.
import { useStore } from "zustand";
import { useEditor, useEditorState } from "../../editor/react";
import { readBase } from "../../editor/state";
import { mapName, tiledMapOf } from "../../tiled-map/backdrop";
import { drawnSummary } from "../../tiled-map/model";
import { EyeIcon } from "./icons";

export function TiledMapSection() {
  const editor = useEditor();
  const backdrop = editor.backdrop;
  const src = useEditorState((s) => tiledMapOf(s.extras)?.src ?? null);
  const base = useEditorState((s) => readBase(s.file));
  const display = useStore(backdrop.display);
  useStore(backdrop.version, (v) => v.count);
  useStore(backdrop.pictures.version, (v) => v.count);
  if (src === null) return null;
  const entry = backdrop.entry(src, base);
  const name = mapName(src);
  const map = entry?.state === "ready" ? entry.map : null;
  const pictures = map ? [...new Set([...map.tilesets.flatMap((t) => t.images), ...map.layers.flatMap((l) => (l.kind === "image" && l.src !== "" ? [l.src] : []))])] : [];
  const problems = [
    ...(entry?.state === "ready" || entry?.state === "failed" ? entry.problems : []),
    ...pictures.flatMap((src) => {
      const e = backdrop.pictures.entry(src, base);
      return e?.state === "failed" ? [e.message] : [];
    }),
  ];
  // Tile objects are drawn with the map (the import does not list them as left out): said with the layers.
  const status = entry === undefined || entry.state === "loading" ? "loading…" : entry.state === "failed" ? "not shown" : drawnSummary(entry.map);
  return (
    <section className="images-section" aria-label="Tiled map">
      <h3>Tiled map</h3>
      <div className={`layer image-row${display.visible ? "" : " hidden"}`} data-testid="tiled-map">
        <div className="row">
          <button className="icon" aria-pressed={!display.visible} aria-label={`${display.visible ? "Hide" : "Show"} the Tiled map`} title={display.visible ? "Hide the map" : "Show the map"} onClick={() => backdrop.setDisplay({ visible: !display.visible })}>
            <EyeIcon open={display.visible} />
          </button>
          <span className="image-name grow" title={`${src}: drawn read-only under the grid and every shape, over the scene's images`}>
            <span className="id">{name}</span> <span className="src" data-testid="tiled-map-status">{status}</span>
          </span>
        </div>
        {problems.map((p, i) => (
          <p key={i} className="image-problem" data-testid="tiled-map-problem">{p}</p>
        ))}
        <div className="row tools">
          <label className="opacity" title="Opacity of the whole map (not saved)">
            <input
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={display.opacity}
              aria-label="Opacity of the Tiled map"
              data-testid="tiled-map-opacity"
              onChange={(e) => backdrop.setDisplay({ opacity: Number(e.target.value) })}
            />
            <span className="count">{Math.round(display.opacity * 100)}%</span>
          </label>
        </div>
      </div>
    </section>
  );
}
