// Numeric and naming fields of the selection. With several shapes it shows the fields they share;
// a field whose values differ is empty with a "mixed" placeholder, and a typed value sets them all.
import type { Point, Probe, Shape } from "../../../core";
import { kindOf } from "../../shapes/registry";
import { useEditor, useEditorState } from "../../editor/react";
import { notify, renameProbe } from "../../store/actions";
import { lockedEditRefusal, moveSelectionToLayer } from "../../store/layer-actions";
import { selectionHeading } from "../../shapes/selection-heading";
import { probeEnd, setProbeCoordinate, setProbeIncludeSensors, setSweepShape, sweptShapeText, type ProbeEnd } from "../../store/probe-edits";
import { classSelection, flagOn, numberKindOf, hasFlag, nameSelection, parseNumber, setSelectionFlag, setSelectionVisible, setShapePoint, setSelectionField, sharedFields, sharedNumber, sharedValue, type NumericField, type ShapeFlag } from "../../store/shape-edits";
import { Field, Panel, TriCheckbox } from "./fields";
import { formatCoordinate, formatNumber } from "./number-format";
import { ImageInspector } from "./ImageInspector";
import { renameTaken, useRenameRequest } from "../rename-request";

/** X and Y are a shape's centre, as Godot's position; Tiled users type an object's top-left corner. */
const POSITION_TITLE = "The shape's centre (Godot's position), not its top-left corner as in Tiled";

const LABELS: Readonly<Record<NumericField, string>> = { x: "X", y: "Y", rotation: "Rotation (°)", width: "Width", height: "Height", radius: "Radius" };

/** The selected shapes, following every edit of them. */
export function useSelectedShapes(): readonly Shape[] {
  const editor = useEditor();
  useEditorState((s) => s.shapes);
  const selection = useEditorState((s) => s.selection);
  return editor.shapesWithIds(selection);
}

/** Why the selected shapes cannot be edited (one is on a locked layer, named), or null: panels show them read-only then. */
export function useSelectionLocked(): string | null {
  const shapes = useSelectedShapes();
  const layers = useEditorState((s) => s.layers);
  return lockedEditRefusal(shapes, layers);
}

const shownNumber = (v: number | "mixed" | undefined, size: boolean) => (v === undefined ? "" : v === "mixed" ? "mixed" : size ? formatNumber(v) : formatCoordinate(v));

/** The points of a shape made of points (its kind has a points rule), each editable. */
function PointsFields({ shape }: { readonly shape: Extract<Shape, { points: readonly Point[] }> }) {
  const editor = useEditor();
  const commit = (i: number, axis: 0 | 1) => (text: string) => {
    const v = parseNumber(text);
    if (!v.ok) return v;
    const p = shape.points[i]!;
    return setShapePoint(editor, shape.id, i, axis === 0 ? [v.value, p[1]] : [p[0], v.value]);
  };
  return (
    <fieldset className="points">
      <legend>Points</legend>
      {shape.points.map((p, i) => (
        <div className="point" key={i}>
          <span className="index">{i}</span>
          <Field numeric label={`Point ${i} x`} hideLabel value={formatCoordinate(p[0])} commit={commit(i, 0)} />
          <Field numeric label={`Point ${i} y`} hideLabel value={formatCoordinate(p[1])} commit={commit(i, 1)} />
        </div>
      ))}
    </fieldset>
  );
}

/** What each on-off field says, and the tip that tells what it does. */
const FLAGS: readonly { readonly flag: ShapeFlag; readonly label: string; readonly title: string }[] = [
  { flag: "sensor", label: "Sensor", title: "A trigger: it reports what touches it (Triggers) but never warns of an overlap; rays and sweeps pass through it unless a probe includes sensors" },
  { flag: "closed", label: "Closed", title: "An edge joins the last point back to the first (a loop)" },
  { flag: "oneSided", label: "One-sided", title: "Each edge blocks only from its front, the side its arrow shows (an edge drawn left to right faces up): a one-way platform" },
];

/** The on-off fields every selected shape has (sensor for all; closed and one-sided when all are chains), each one undo step. */
function FlagFields({ shapes }: { readonly shapes: readonly Shape[] }) {
  const editor = useEditor();
  return (
    <>
      {FLAGS.filter(({ flag }) => shapes.every((s) => hasFlag(s, flag))).map(({ flag, label, title }) => {
        const on = sharedValue(shapes, (s) => flagOn(s, flag));
        return (
          <label key={flag} className="field wide check" title={title}>
            <TriCheckbox
              label={label}
              state={on === "mixed" ? "mixed" : on === true ? "on" : "off"}
              onChange={(next) => {
                const r = setSelectionFlag(editor, flag, next);
                if (!r.ok) notify(editor, `Cannot set ${label.toLowerCase()}: ${r.message}`);
              }}
            />
            <span>{label}</span>
          </label>
        );
      })}
    </>
  );
}

/** A ray's two ends, or a sweep's target and the shape it moves, and the probe's name. */
function ProbeFields({ probe }: { readonly probe: Probe }) {
  const editor = useEditor();
  const renaming = useRenameRequest((s) => s.pending);
  const shapes = useEditorState((s) => s.shapes);
  const coordinate = (end: ProbeEnd, axis: 0 | 1) => (text: string) => {
    const v = parseNumber(text);
    return v.ok ? setProbeCoordinate(editor, probe.id, end, axis, v.value) : v;
  };
  const point = (end: ProbeEnd, label: string) => {
    const p = probeEnd(probe, end)!;
    return [
      <Field key={`${end}x`} numeric label={`${label} X`} testId={`inspector-${end}-x`} value={formatCoordinate(p[0])} commit={coordinate(end, 0)} />,
      <Field key={`${end}y`} numeric label={`${label} Y`} testId={`inspector-${end}-y`} value={formatCoordinate(p[1])} commit={coordinate(end, 1)} />,
    ];
  };
  return (
    <Panel title="Inspector">
      <p className="what" data-testid="inspector-what">{probe.type} {probe.id}</p>
      <div className="grid" key={`probe:${probe.id}`}>
        <Field label="Name" testId="inspector-name" value={probe.name} commit={(t) => ({ ok: true, value: renameProbe(editor, probe.id, t.trim()) })} className="wide" focusRequested={renaming} onFocusTaken={renameTaken} />
        {probe.type === "sweep" && (
          <Field
            label="Shape (id or name)"
            testId="inspector-sweep-shape"
            value={sweptShapeText(shapes, editor.shapeById(probe.shape), probe.shape)}
            commit={(t) => setSweepShape(editor, probe.id, t)}
            className="wide"
          />
        )}
        {probe.type === "ray" && point("from", "From")}
        {point("to", "To")}
        <label className="field wide check" title="Off: the probe passes through sensors, as Box2D's and Godot's queries do by default">
          <TriCheckbox label="Include sensors" state={probe.includeSensors === true ? "on" : "off"} onChange={(on) => setProbeIncludeSensors(editor, probe.id, on)} />
          <span>Include sensors</span>
        </label>
      </div>
    </Panel>
  );
}

export function InspectorPanel() {
  const editor = useEditor();
  const renaming = useRenameRequest((s) => s.pending);
  const shapes = useSelectedShapes();
  const layers = useEditorState((s) => s.layers);
  const probes = useEditorState((s) => s.probes);
  const selection = useEditorState((s) => s.selection);
  const image = useEditorState((s) => (s.selectedImage === null ? undefined : s.images.find((i) => i.id === s.selectedImage)));
  // Fields restart (drafts and messages cleared) when the selection changes.
  const key = shapes.map((s) => s.id).join(",");
  if (image) return <ImageInspector image={image} />;
  if (shapes.length === 0) {
    const probe = selection.length === 1 ? probes.find((p) => p.id === selection[0]) : undefined;
    if (probe) return <ProbeFields key={probe.id} probe={probe} />;
    return (
      <Panel title="Inspector">
        <p className="empty">{selection.length > 1 ? "Select one ray or sweep to edit it." : "Select a shape, a ray or a sweep to edit it."}</p>
      </Panel>
    );
  }
  const fields = sharedFields(shapes);
  const name = sharedValue(shapes, (s) => s.name ?? "");
  const cls = sharedValue(shapes, (s) => s.class ?? "");
  const shown = sharedValue(shapes, (s) => s.visible !== false);
  const layer = sharedValue(shapes, (s) => s.layer);
  const single = shapes.length === 1 ? shapes[0]! : null;
  // Shapes of a locked layer (selected from a panel) are shown read-only, saying why.
  const locked = lockedEditRefusal(shapes, layers);
  return (
    <Panel title="Inspector">
      <p className="what" data-testid="inspector-what">{selectionHeading(shapes)}</p>
      {locked && <p className="locked-note" role="note" data-testid="inspector-locked">{locked}</p>}
      {/* A disabled fieldset disables every field in it: a locked layer's shapes are shown, never edited. */}
      <fieldset className="grid" key={`fields:${key}`} disabled={locked !== null}>
        <Field label="Name" testId="inspector-name" value={name ?? ""} commit={(t) => nameSelection(editor, t.trim())} className="wide" focusRequested={renaming && locked === null} onFocusTaken={renameTaken} />
        <Field label="Class" testId="inspector-class" value={cls ?? ""} commit={(t) => classSelection(editor, t.trim())} className="wide" />
        {fields.map((f) => {
          const v = sharedNumber(shapes, f);
          return (
            <Field
              key={f}
              numeric
              label={LABELS[f]}
              title={f === "x" || f === "y" ? POSITION_TITLE : undefined}
              testId={`inspector-${f}`}
              value={shownNumber(v, numberKindOf(f) === "size")}
              commit={(t) => {
                const parsed = parseNumber(t, numberKindOf(f));
                return parsed.ok ? setSelectionField(editor, f, parsed.value) : parsed;
              }}
            />
          );
        })}
        <div className="field wide">
          <label htmlFor="inspector-layer">Layer</label>
          <select id="inspector-layer" value={layer === "mixed" || layer === undefined ? "" : layer} onChange={(e) => {
              const refused = moveSelectionToLayer(editor, e.target.value);
              if (refused) notify(editor, refused);
            }}>
            {(layer === "mixed" || layer === undefined) && <option value="" disabled>mixed</option>}
            {[...layers].reverse().map((l) => (
              <option key={l.id} value={l.id}>{l.name}</option>
            ))}
          </select>
        </div>
        <label className="field wide check" title="A hidden shape is not drawn or picked on the canvas; it still collides and exports (Tiled's object visibility)">
          <TriCheckbox label="Visible" state={shown === "mixed" ? "mixed" : shown === false ? "off" : "on"} onChange={(on) => setSelectionVisible(editor, on)} />
          <span>Visible</span>
        </label>
        <FlagFields shapes={shapes} />
      </fieldset>
      {single && kindOf(single).pointsRule && "points" in single && (
        <fieldset className="plain" disabled={locked !== null}>
          <PointsFields key={`points:${key}`} shape={single} />
        </fieldset>
      )}
    </Panel>
  );
}
