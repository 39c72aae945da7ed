// Export Options… (Export menu): how the scene exports to each format, kept in the scene file
// (its `exportOptions`), used by the editor's exports and by the CLI's `export` where no flag says
// otherwise. A section per format; a field left empty or at its default writes nothing (a number
// field takes a sum, as the Inspector's do). OK applies
// every change as one undo step; a value the file's check refuses is named under its field and
// keeps OK disabled. Keys: Enter is OK (when enabled), Escape cancels.
import { useMemo, useState, type KeyboardEvent } from "react";
import { exportOptionsProblems } from "../../../core";
import { useEditor } from "../../editor/react";
import { notify } from "../../store/actions";
import { setExportOptions } from "../../store/export-options";
import { Modal } from "../Modal";
import { closeModal, useModal } from "../modals";
import { draftOf, OPTION_FIELDS, OPTION_FORMATS, optionsOf, type Draft, type OptionField } from "./option-fields";

function Field({ format, field, value, problem, onChange, autoFocus }: { format: string; field: OptionField; value: string; problem: string | undefined; onChange: (v: string) => void; autoFocus: boolean }) {
  const id = `export-option-${format}-${field.key}`;
  const focus = autoFocus ? { "data-autofocus": true } : {};
  return (
    <>
      <label htmlFor={id} title={field.hint}>{field.label}</label>
      <span className="export-option-control">
        {field.kind === "choice" ? (
          <select id={id} value={value} onChange={(e) => onChange(e.target.value)} {...focus}>
            {field.choices.map((c) => <option key={String(c.value)} value={String(c.value)}>{c.label}</option>)}
          </select>
        ) : (
          <input id={id} type="text" inputMode={field.kind === "number" ? "decimal" : "text"} spellCheck={false} value={value} placeholder={String(field.fallback)}
            aria-invalid={problem !== undefined} aria-describedby={problem === undefined ? undefined : `${id}-problem`} onChange={(e) => onChange(e.target.value)} {...focus} />
        )}
        {field.kind === "number" && <span className="unit">{field.unit}</span>}
      </span>
      {problem !== undefined && <p id={`${id}-problem`} className="export-option-problem" role="alert">{problem}</p>}
    </>
  );
}

function Dialog() {
  const editor = useEditor();
  const [base] = useState(() => editor.getState().exportOptions);
  const [draft, setDraft] = useState<Draft>(() => draftOf(base));
  const { options: next, unread } = useMemo(() => optionsOf(draft, base), [draft, base]);
  // Text that is no number, then what the file's check refuses.
  const problems = useMemo(() => new Map([...exportOptionsProblems(next), ...unread]), [next, unread]);
  const set = (format: string, key: string, value: string) => setDraft((d) => ({ ...d, [format]: { ...d[format], [key]: value } }));

  const accept = () => {
    if (problems.size > 0) return;
    const before = editor.history.undoLabel;
    setExportOptions(editor, next);
    closeModal();
    if (editor.history.undoLabel !== before) notify(editor, "Export options set: they are kept in the scene when it is saved");
  };
  const onKey = (e: KeyboardEvent) => {
    // Enter on a button is that button's; in a field it is OK.
    if (e.key !== "Enter" || e.target instanceof HTMLButtonElement) return;
    e.preventDefault();
    accept();
  };

  return (
    <Modal label="Export options" className="export-options" onKey={onKey}>
      <h2>Export options</h2>
      <p className="export-options-intro">Kept in the scene. The Export menu and the command line's <code>export</code> use them; a command-line flag overrides one.</p>
      <div className="export-options-sections">
        {OPTION_FORMATS.map((format, i) => (
          <fieldset key={format.id} data-testid={`export-options-${format.id}`}>
            <legend>{format.label}</legend>
            {OPTION_FIELDS[format.id]!.map((field, j) => (
              <Field key={field.key} format={format.id} field={field} value={draft[format.id]?.[field.key] ?? ""} problem={problems.get(`${format.id}.${field.key}`)}
                onChange={(v) => set(format.id, field.key, v)} autoFocus={i === 0 && j === 0} />
            ))}
          </fieldset>
        ))}
      </div>
      <footer>
        <button type="button" onClick={closeModal}>Cancel</button>
        <button type="button" className="primary" disabled={problems.size > 0} onClick={accept}>OK</button>
      </footer>
    </Modal>
  );
}

export function ExportOptionsDialog() {
  const open = useModal((s) => s.open === "exportOptions");
  return open ? <Dialog /> : null;
}
