// Custom properties of the selection, typed as in Tiled. With several shapes it lists the names all
// of them have; a value that differs shows as mixed, and setting it sets it on all. Numbers take
// sums ("100+25"); an int or an object id only whole numbers; a class its members as JSON; a
// property with a Tiled custom type (a class's or an enum's name) shows it beside its type.
import { useState } from "react";
import { PROPERTY_TYPES, type Property, type PropertyType, type Shape } from "../../../core";
import {
  addSelectionProperty,
  deleteSelectionProperty,
  renameSelectionProperty,
  setSelectionPropertyType,
  setSelectionPropertyValue,
  parseMembers,
  sharedPropertyNames,
  sharedValue,
} from "../../store/shape-edits";
import { evaluateNumberExpression } from "../../store/number-expression";
import { Field, Panel, TriCheckbox } from "./fields";
import { formatNumber } from "./number-format";
import { useEditor } from "../../editor/react";
import { useSelectedShapes, useSelectionLocked } from "./InspectorPanel";

const propertyOf = (s: Shape, name: string): Property | undefined => s.properties?.find((p) => p.name === name);

function ValueEditor({ shapes, name, type }: { readonly shapes: readonly Shape[]; readonly name: string; readonly type: PropertyType | "mixed" }) {
  const editor = useEditor();
  const value = sharedValue(shapes, (s) => propertyOf(s, name)?.value);
  const label = `Value of ${name}`;
  if (type === "boolean") {
    return <TriCheckbox label={label} state={value === "mixed" ? "mixed" : value === true ? "on" : "off"} onChange={(on) => setSelectionPropertyValue(editor, name, on)} />;
  }
  if (type === "color") {
    const hex = typeof value === "string" && value !== "mixed" ? value : "#000000";
    return (
      <span className="color">
        <input type="color" aria-label={label} value={hex.slice(0, 7)} onChange={(e) => setSelectionPropertyValue(editor, name, e.target.value + hex.slice(7))} />
        <Field label={`${label} (hex)`} hideLabel value={value === "mixed" ? "mixed" : hex} commit={(t) => setSelectionPropertyValue(editor, name, t.trim().toLowerCase())} className="hex" />
      </span>
    );
  }
  if (type === "number" || type === "float" || type === "int" || type === "object") {
    return (
      <Field numeric label={label} hideLabel value={value === "mixed" ? "mixed" : typeof value === "number" ? formatNumber(value) : ""} commit={(t) => {
        const typed = evaluateNumberExpression(t);
        return typed.ok ? setSelectionPropertyValue(editor, name, typed.value) : typed;
      }} />
    );
  }
  if (type === "class") {
    return (
      <Field label={label} hideLabel className="members" value={value === "mixed" ? "mixed" : JSON.stringify(value ?? {})} commit={(t) => {
        const members = parseMembers(t);
        return members ? setSelectionPropertyValue(editor, name, members) : { ok: false, message: 'members as a JSON object, such as {"open": true}' };
      }} />
    );
  }
  return <Field label={label} hideLabel value={value === "mixed" ? "mixed" : String(value ?? "")} commit={(t) => setSelectionPropertyValue(editor, name, t)} />;
}

function AddProperty() {
  const editor = useEditor();
  const [name, setName] = useState("");
  const [type, setType] = useState<PropertyType>("string");
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const r = addSelectionProperty(editor, name, type);
    if (r.ok) {
      setName("");
      setError(null);
    } else setError(r.message);
  };
  return (
    <div className="add-property">
      <input aria-label="New property name" placeholder="name" value={name} onChange={(e) => {
        setName(e.target.value);
        // A refusal is about the name that was refused: editing it ends the message.
        setError(null);
      }} onKeyDown={(e) => e.key === "Enter" && add()} />
      <select aria-label="New property type" value={type} onChange={(e) => setType(e.target.value as PropertyType)}>
        {PROPERTY_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
      </select>
      <button onClick={add}>Add</button>
      {error && <span className="error" role="alert">{error}</span>}
    </div>
  );
}

export function PropertiesPanel() {
  const editor = useEditor();
  const shapes = useSelectedShapes();
  // A locked layer's shapes: shown, not edited (the Inspector says why).
  const locked = useSelectionLocked();
  if (shapes.length === 0) {
    return (
      <Panel title="Properties">
        <p className="empty">Select shapes to edit their custom properties.</p>
      </Panel>
    );
  }
  const names = sharedPropertyNames(shapes);
  return (
    <Panel title="Properties">
      <fieldset className="plain" disabled={locked !== null}>
        <ul className="properties" key={shapes.map((s) => s.id).join(",")}>
          {names.map((name) => {
            const type = sharedValue(shapes, (s) => propertyOf(s, name)?.type) ?? "string";
            const custom = sharedValue(shapes, (s) => propertyOf(s, name)?.propertytype);
            return (
              <li key={name} data-testid={`property-${name}`}>
                <Field label={`Name of property ${name}`} hideLabel value={name} commit={(t) => renameSelectionProperty(editor, name, t)} className="prop-name" />
                <span className="prop-type">
                  <select aria-label={`Type of ${name}`} value={type === "mixed" ? "" : type} onChange={(e) => setSelectionPropertyType(editor, name, e.target.value as PropertyType)}>
                    {type === "mixed" && <option value="" disabled>mixed</option>}
                    {PROPERTY_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
                  </select>
                  {custom !== undefined && <span className="prop-custom" title="Tiled custom type (a class or an enum)">{custom === "mixed" ? "mixed" : custom}</span>}
                </span>
                <ValueEditor shapes={shapes} name={name} type={type} />
                <button className="icon" aria-label={`Delete property ${name}`} title="Delete property" onClick={() => deleteSelectionProperty(editor, name)}>×</button>
              </li>
            );
          })}
        </ul>
        {names.length === 0 && <p className="empty">No properties{shapes.length > 1 ? " shared by these shapes" : ""}.</p>}
        <AddProperty />
      </fieldset>
    </Panel>
  );
}
