// Editor layers, top first as in Tiled and Godot: the active one takes new shapes; each shows its
// shape count and can be renamed, moved, hidden, locked, deleted, or given the selection.
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
  setLayerFlag,
} from "../../store/layer-actions";
import { Field, Panel } from "./fields";
import { EyeIcon, LockIcon } from "./icons";

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
    <li className={`layer${active ? " active" : ""}${visible ? "" : " hidden"}`} data-testid={`layer-${layer.id}`} aria-current={active ? "true" : undefined}>
      <div className="row">
        <button className="icon" aria-pressed={!visible} aria-label={`${visible ? "Hide" : "Show"} ${layer.name}`} title={visible ? "Hide layer" : "Show layer"} onClick={() => setLayerFlag(editor, layer.id, "visible", !visible)}>
          <EyeIcon open={visible} />
        </button>
        <button className="icon" aria-pressed={locked} aria-label={`${locked ? "Unlock" : "Lock"} ${layer.name}`} title={locked ? "Unlock layer" : "Lock layer"} onClick={() => setLayerFlag(editor, layer.id, "locked", !locked)}>
          <LockIcon locked={locked} />
        </button>
        <button className="pick" aria-label={`Make ${layer.name} active`} onClick={() => setActiveLayer(editor, layer.id)} title="New shapes go to the active layer">
          {active ? "●" : "○"}
        </button>
        <Field label={`Name of layer ${layer.name}`} hideLabel value={layer.name} commit={(t) => renameLayer(editor, layer.id, t)} className="grow" />
        <span className="count" title="Shapes on this layer" data-testid={`layer-count-${layer.id}`}>{count}</span>
      </div>
      <div className="row tools">
        <button aria-label={`Move ${layer.name} up`} disabled={index === total - 1} onClick={() => moveLayer(editor, layer.id, 1)}>▲</button>
        <button aria-label={`Move ${layer.name} down`} disabled={index === 0} onClick={() => moveLayer(editor, layer.id, -1)}>▼</button>
        <button disabled={!hasSelection} onClick={() => moveSelectionToLayer(editor, layer.id)} aria-label={`Move selection to ${layer.name}`}>Move selection here</button>
        <button disabled={total <= 1} onClick={remove} aria-label={`Delete ${layer.name}`}>Delete</button>
      </div>
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
    </Panel>
  );
}
