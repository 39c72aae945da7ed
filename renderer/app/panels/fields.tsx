// Inputs shared by the panels: a value is committed on Enter or blur, Escape reverts, and a refused
// value stays in the field with its message beside it (the document is untouched).
import { useId, useState, type ReactNode } from "react";
import type { Edit } from "../../store/layer-actions";

type Commit = (text: string) => Edit<unknown>;

interface FieldProps {
  readonly label: string;
  /** The current value as text, or "mixed" when the selection's values differ. */
  readonly value: string | "mixed";
  readonly commit: Commit;
  readonly numeric?: boolean;
  readonly className?: string;
  readonly hideLabel?: boolean;
  readonly testId?: string;
}

export function Field({ label, value, commit, numeric, className, hideLabel, testId }: FieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A value changed from elsewhere (a drag, an undo) drops the draft and its message.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setDraft(null);
    setError(null);
  }
  const id = useId();
  const mixed = value === "mixed";
  const apply = () => {
    if (draft === null) return;
    const r = commit(draft);
    if (r.ok) {
      setDraft(null);
      setError(null);
    } else setError(r.message);
  };
  return (
    <div className={`field${className ? ` ${className}` : ""}${error ? " invalid" : ""}`}>
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : undefined}>{label}</label>
      <input
        id={id}
        data-testid={testId}
        inputMode={numeric ? "decimal" : undefined}
        value={draft ?? (mixed ? "" : value)}
        placeholder={mixed ? "mixed" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === "Enter") apply();
          else if (e.key === "Escape") {
            setDraft(null);
            setError(null);
          }
        }}
      />
      {error && (
        <span id={`${id}-error`} className="error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** A panel of the sidebar: collapsible, open by default. */
export function Panel({ title, children, open = true }: { readonly title: string; readonly children: ReactNode; readonly open?: boolean }) {
  return (
    <details className="panel" open={open} aria-label={title}>
      <summary>{title}</summary>
      <div className="panel-body">{children}</div>
    </details>
  );
}

/** A checkbox that shows the indeterminate state for a mixed selection. */
export function TriCheckbox({ state, label, onChange, title }: { readonly state: "on" | "off" | "mixed"; readonly label: string; readonly title?: string; readonly onChange: (on: boolean) => void }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      title={title}
      checked={state === "on"}
      aria-checked={state === "mixed" ? "mixed" : state === "on"}
      ref={(el) => {
        if (el) el.indeterminate = state === "mixed";
      }}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
