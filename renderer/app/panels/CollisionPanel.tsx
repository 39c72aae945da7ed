// Collision layers as Godot names them: names for the category bits (1–32), and for the selection a
// grid of its layer bits (what it is) and mask bits (what it scans). Mixed bits show indeterminate.
// A selected ray or sweep has a mask alone: the layers it sees (RayCast2D's collision_mask).
import { useState } from "react";
import { COLLISION_BITS, type Probe } from "../../../core";
import { useEditor, useEditorState } from "../../editor/react";
import { ALL_LAYERS, setProbeMaskBit } from "../../store/probe-edits";
import { bitState, hasBit, nameCollisionLayer, setSelectionBit, type BitField } from "../../store/shape-edits";
import { Field, Panel, TriCheckbox } from "./fields";
import { useSelectedShapes, useSelectionLocked } from "./InspectorPanel";

const bitsUpTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

interface BitsProps {
  readonly legend: string;
  /** Each checkbox is named "<prefix> bit N". */
  readonly prefix: string;
  readonly testId: string;
  readonly title?: string;
  readonly count: number;
  readonly names: ReadonlyMap<number, string>;
  readonly state: (bit: number) => "on" | "off" | "mixed";
  readonly onChange: (bit: number, on: boolean) => void;
}

/** A grid of checkboxes for bits 1…count, each titled with its layer's name. */
function Bits({ legend, prefix, testId, title, count, names, state, onChange }: BitsProps) {
  return (
    <fieldset className="bits" data-testid={testId} title={title}>
      <legend>{legend}</legend>
      {bitsUpTo(count).map((bit) => (
        <label key={bit} className="bit" title={names.get(bit) ?? `bit ${bit}`}>
          <TriCheckbox state={state(bit)} label={`${prefix} bit ${bit}`} onChange={(on) => onChange(bit, on)} />
          <span>{bit}</span>
        </label>
      ))}
    </fieldset>
  );
}

function BitGrid({ field, count, names }: { readonly field: BitField; readonly count: number; readonly names: ReadonlyMap<number, string> }) {
  const editor = useEditor();
  const shapes = useSelectedShapes();
  const label = field === "collisionLayer" ? "Layer" : "Mask";
  return <Bits legend={label} prefix={label} testId={`bits-${field}`} count={count} names={names} state={(bit) => bitState(shapes, field, bit)} onChange={(bit, on) => setSelectionBit(editor, field, bit, on)} />;
}

function ProbeMask({ probe, count, names }: { readonly probe: Probe; readonly count: number; readonly names: ReadonlyMap<number, string> }) {
  const editor = useEditor();
  const mask = probe.mask ?? ALL_LAYERS;
  return (
    <Bits legend={`Mask (layers the ${probe.type} sees)`} prefix="Mask" testId="bits-probe-mask" title="The collision layers the probe sees: it passes through shapes on no layer ticked here"
      count={count} names={names} state={(bit) => (hasBit(mask, bit) ? "on" : "off")} onChange={(bit, on) => setProbeMaskBit(editor, probe.id, bit, on)} />
  );
}

export function CollisionPanel() {
  const editor = useEditor();
  const collisionLayers = useEditorState((s) => s.collisionLayers);
  const hasShapes = useSelectedShapes().length > 0;
  const locked = useSelectionLocked();
  const probe = useEditorState((s) => (s.selection.length === 1 ? s.probes.find((p) => p.id === s.selection[0]) : undefined));
  const [all, setAll] = useState(false);
  const count = all ? COLLISION_BITS : 16;
  const names = new Map(collisionLayers.map((c) => [c.bit, c.name]));
  return (
    <Panel title="Collision">
      {hasShapes ? (
        <fieldset className="plain" disabled={locked !== null}>
          <BitGrid field="collisionLayer" count={count} names={names} />
          <BitGrid field="collisionMask" count={count} names={names} />
        </fieldset>
      ) : probe ? (
        <ProbeMask probe={probe} count={count} names={names} />
      ) : (
        <p className="empty">Select shapes to set their collision layer and mask, or a ray or sweep to set the layers it sees.</p>
      )}
      <details className="bit-names">
        <summary>Layer names</summary>
        <div className="names">
          {bitsUpTo(count).map((bit) => (
            <Field key={bit} label={String(bit)} value={names.get(bit) ?? ""} commit={(t) => {
              nameCollisionLayer(editor, bit, t);
              return { ok: true, value: null };
            }} className="bit-name" />
          ))}
        </div>
      </details>
      <label className="check">
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> Show all 32 bits
      </label>
    </Panel>
  );
}
