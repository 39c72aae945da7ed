// Editor layers, top first as in Tiled and Godot: the active one takes new shapes; each shows its
// colour and shape count and can be recoloured, renamed, moved, hidden, locked, deleted, or given
// the selection. A locked layer's row is dimmed and shows a lock beside its count. Below them, the
// scene's images (ImagesSection.tsx), and the Tiled map drawn over the images and under the shapes (TiledMapSection.tsx).
import { useGestureInput } from "./gesture-input";
import { useState } from "react";
import type { Layer } from "../../../core";
import { useEditor, useEditorState } from "../../editor/react";
import {
  activeLayerOf,
  addLayer,
  deleteLayer,
  moveLayer,
  moveSelectionToLayer,
  neighbourLayer,
  renameLayer,
  setActiveLayer,
  setLayerColor,
  setLayerFlag,
} from "../../store/layer-actions";
import { layerColour } from "../../store/layer-colours";
import { notify } from "../../store/actions";
import { allInLayerRefusal, selectAllInLayer } from "../../store/select-actions";
import type { Editor } from "../../editor/editor";
import { Field, Panel } from "./fields";
import { EyeIcon, LockIcon } from "./icons";
import { ImagesSection } from "./ImagesSection";
import { TiledMapSection } from "./TiledMapSection";

/**
 * The layer's colour swatch. Choosing in the picker recolours live; the whole choice, from the
 * first change to the picker's close (its change event) or a blur, is one undo step.
 */
function ColourSwatch({ editor, layer, colour }: { readonly editor: Editor; readonly layer: Layer; readonly colour: string }) {
  const input = useGestureInput(editor);
  return (
    <input
      ref={input}
      type="color"
      className="swatch"
      data-keeps-active
      value={colour}
      aria-label={`Colour of ${layer.name}`}
      title={layer.color ? "Layer colour" : "Layer colour (the palette's for its place; pick one to keep)"}
      data-testid={`layer-colour-${layer.id}`}
      onChange={(e) => {
        editor.beginGesture();
        setLayerColor(editor, layer.id, e.target.value);
      }}
    />
  );
}

function LayerRow({ layer, index, total, active, count, hasSelection }: { readonly layer: Layer; readonly index: number; readonly total: number; readonly active: boolean; readonly count: number; readonly hasSelection: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const visible = layer.visible !== false;
  const locked = layer.locked === true;
  const editor = useEditor();
  const layers = useEditorState((s) => s.layers);
  const target = neighbourLayer(layers, layer.id);
  const remove = () => {
    if (count > 0) setConfirming(true);
    else deleteLayer(editor, layer.id, null);
  };
  return (
    <li className={`layer${active ? " active" : ""}${visible ? "" : " hidden"}${locked ? " locked" : ""}`} data-testid={`layer-${layer.id}`} aria-current={active ? "true" : undefined}>
      {/* A click anywhere on the row makes the layer active, as in Tiled; the eye, the padlock and the swatch act on the layer without taking it. */}
      <div className="row" onClick={(e) => {
        if (!active && !(e.target instanceof Element && e.target.closest("[data-keeps-active]"))) setActiveLayer(editor, layer.id);
      }}>
        <button className="icon" data-keeps-active aria-pressed={!visible} aria-label={`${visible ? "Hide" : "Show"} ${layer.name}`} title={visible ? "Hide layer" : "Show layer"} onClick={() => setLayerFlag(editor, layer.id, "visible", !visible)}>
          <EyeIcon open={visible} />
        </button>
        <button className="icon" data-keeps-active aria-pressed={locked} aria-label={`${locked ? "Unlock" : "Lock"} ${layer.name}`} title={locked ? "Unlock layer" : "Lock layer"} onClick={() => setLayerFlag(editor, layer.id, "locked", !locked)}>
          <LockIcon locked={locked} />
        </button>
        <button className="pick" aria-label={`Make ${layer.name} active`} onClick={() => setActiveLayer(editor, layer.id)} title="New shapes go to the active layer">
          {active ? "●" : "○"}
        </button>
        <ColourSwatch editor={editor} layer={layer} colour={layerColour(layers, index)} />
        <Field label={`Name of layer ${layer.name}`} hideLabel value={layer.name} commit={(t) => renameLayer(editor, layer.id, t)} className="grow" selectAllOnDoubleClick />
        {locked && (
          <span className="locked-mark" role="img" aria-label={`${layer.name} is locked`} title="Locked: its shapes are drawn muted and cannot be selected or edited" data-testid={`layer-locked-${layer.id}`}>
            <LockIcon locked />
          </span>
        )}
        {/* Select All in Layer from the row, as Tiled's Select All takes the current layer's objects. */}
        <button
          className="count"
          title="Shapes on this layer: click to select them all (Select All in Layer)"
          aria-label={`Select the ${count} shapes of ${layer.name}`}
          data-testid={`layer-count-${layer.id}`}
          onClick={() => {
            setActiveLayer(editor, layer.id);
            const refused = allInLayerRefusal(editor);
            if (refused) notify(editor, refused);
            else selectAllInLayer(editor);
          }}
        >
          {count}
        </button>
      </div>
      {/* The active layer's tools only, as Tiled's layer toolbar acts on the current layer: one row a layer leaves the Inspector room below. */}
      {active && <div className="row tools">
        <button aria-label={`Move ${layer.name} up`} disabled={index === total - 1} onClick={() => moveLayer(editor, layer.id, 1)}>▲</button>
        <button aria-label={`Move ${layer.name} down`} disabled={index === 0} onClick={() => moveLayer(editor, layer.id, -1)}>▼</button>
        <button disabled={!hasSelection} onClick={() => {
          const refused = moveSelectionToLayer(editor, layer.id);
          if (refused) notify(editor, refused);
        }} aria-label={`Move selection to ${layer.name}`}>Move selection here</button>
        <button disabled={total <= 1} onClick={remove} aria-label={`Delete ${layer.name}`}>Delete</button>
      </div>}
      {confirming && target && (
        <div className="confirm" role="alertdialog" aria-label={`Delete ${layer.name}`}>
          <span>{count === 1 ? "1 shape is" : `${count} shapes are`} on this layer.</span>
          <button onClick={() => { setConfirming(false); deleteLayer(editor, layer.id, target.id); }}>Move to {target.name}</button>
          <button className="danger" onClick={() => { setConfirming(false); deleteLayer(editor, layer.id, null); }}>Delete shapes too</button>
          <button onClick={() => setConfirming(false)}>Cancel</button>
        </div>
      )}
    </li>
  );
}

export function LayersPanel() {
  const editor = useEditor();
  const layers = useEditorState((s) => s.layers);
  const shapes = useEditorState((s) => s.shapes);
  const active = useEditorState(activeLayerOf);
  const selection = useEditorState((s) => s.selection);
  const hasSelection = selection.some((id) => editor.shapeById(id) !== undefined);
  const counts = editor.layerCounts.of(shapes);
  return (
    <Panel title="Layers">
      <ul className="layers">
        {layers.map((l, i) => ({ l, i })).reverse().map(({ l, i }) => (
          <LayerRow key={l.id} layer={l} index={i} total={layers.length} active={l.id === active} count={counts.get(l.id) ?? 0} hasSelection={hasSelection} />
        ))}
      </ul>
      <button onClick={() => addLayer(editor)}>Add layer</button>
      <ImagesSection />
      <TiledMapSection />
    </Panel>
  );
}
