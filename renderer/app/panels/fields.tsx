// Inputs shared by the panels: a value is committed on Enter or blur, Escape reverts. Enter that
// applies leaves the field, as Tiled's property editor does, and so does Escape, so Ctrl+Z and the
// tools' letters reach the editor; a global command's key (Ctrl+S, F1) applies the value, then runs. A value refused on Enter stays in the field with its message beside it, for fixing;
// leaving the field then brings the document's value back and says in the status bar what was
// refused (the document is untouched either way). A press anywhere else applies the typed value
// first, before what the press does: a click on another shape must not lose the value, nor give it
// to that shape; a click on a button is kept though applying the value moved the button.
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { actionForKey } from "../../actions/registry";
import { useEditor } from "../../editor/react";
import { listen } from "../../platform/listen";
import { keepClick } from "../press-outside";
import { notify } from "../../store/actions";
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
  /** The input's accessible name where the shown label is too short to say it ("Grid size" for "Cell"). */
  readonly ariaLabel?: string;
  readonly testId?: string;
  /** A tooltip on the label and the input: what the value means where the label is too short to say it. */
  readonly title?: string;
  /** While true, the field takes the focus with its text selected (its panel opened), then calls `onFocusTaken`. */
  readonly focusRequested?: boolean;
  readonly onFocusTaken?: () => void;
  /** A double-click selects the whole text, not a word: a name renamed in place, as Tiled's layer names. */
  readonly selectAllOnDoubleClick?: boolean;
}

export function Field({ label, value, commit, numeric, className, hideLabel, ariaLabel, testId, title, focusRequested, onFocusTaken, selectAllOnDoubleClick }: FieldProps) {
  const editor = useEditor();
  const [draft, setDraft] = useState<string | null>(null);
  // The draft as typed, read by the blur that Enter's own blur() fires before React re-renders.
  const typed = useRef<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A value changed from elsewhere (a drag, an undo) drops the draft and its message.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setDraft(null);
    setError(null);
    typed.current = null;
  }
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const across = useGridWidth(box, error);
  const mixed = value === "mixed";
  const edit = (text: string | null) => {
    typed.current = text;
    setDraft(text);
  };
  /** Commits the draft; null when it applied or there was none, else why it was refused. */
  const apply = (): string | null => {
    const text = typed.current;
    if (text === null) return null;
    const r = commit(text);
    if (r.ok) {
      edit(null);
      setError(null);
      return null;
    }
    setError(r.message);
    return r.message;
  };
  /**
   * Leaving the field: applies the draft; a refused one gives way to the document's value, the
   * status bar saying why (`later` holds the message until a press elsewhere is over: what the
   * press does, selecting another shape, would end a notice given before it).
   */
  const leave = (later?: (say: () => void) => void) => {
    const refused = apply();
    if (refused === null) return;
    edit(null);
    setError(null);
    const say = () => notify(editor, `${label} not changed: ${refused}`);
    if (later) later(say);
    else say();
  };
  const leaveNow = useRef(leave);
  leaveNow.current = leave;
  const drafting = draft !== null;
  // While there is a draft, a press outside the field (on the canvas, a row of the dock) applies it
  // before the press is handled (capture, on the window): the press may change the selection, and
  // the blur that follows it would find this field showing another shape's value.
  useEffect(() => {
    if (!drafting) return;
    const press = (e: PointerEvent) => {
      if (e.target instanceof Node && input.current?.contains(e.target)) return;
      leaveNow.current((say) => {
        const over = () => {
          stop();
          setTimeout(say, 0);
        };
        const stop = listen(window, { pointerup: over, pointercancel: over });
      });
      // Applying (or refusing, which drops the message under the field) may move what was pressed.
      keepClick(e);
    };
    window.addEventListener("pointerdown", press, true);
    return () => window.removeEventListener("pointerdown", press, true);
  }, [drafting]);
  useEffect(() => {
    const el = input.current;
    if (!focusRequested || !el) return;
    const panel = el.closest("details");
    if (panel) panel.open = true;
    el.focus();
    el.select();
    onFocusTaken?.();
  }, [focusRequested, onFocusTaken]);
  return (
    <div ref={box} className={`field${className ? ` ${className}` : ""}${error ? " invalid" : ""}`}>
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : undefined} title={title}>{label}</label>
      <input
        title={title}
        ref={input}
        id={id}
        data-testid={testId}
        aria-label={ariaLabel}
        inputMode={numeric ? "decimal" : undefined}
        value={draft ?? (mixed ? "" : value)}
        placeholder={mixed ? "mixed" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => edit(e.target.value)}
        onBlur={() => leave()}
        onDoubleClick={selectAllOnDoubleClick ? (e) => e.currentTarget.select() : undefined}
        onKeyDown={(e) => {
          const command = e.key === "Enter" || e.key === "Escape" ? undefined : actionForKey(e);
          if (e.key === "Enter") {
            if (apply() === null) e.currentTarget.blur();
          } else if (e.key === "Escape") {
            // Back to the document's value, and out of the field: the next shortcut is the editor's.
            edit(null);
            setError(null);
            e.currentTarget.blur();
          } else if (command?.global === true) {
            // Ctrl+S, F1…: the typed value first. Refused, it stays here with its message, as on
            // Enter, and the command waits (the window's key handler never hears the key).
            const refused = apply();
            if (refused !== null) {
              e.preventDefault();
              e.stopPropagation();
              notify(editor, `${command.label.replace(/…$/, "")} not done: ${label} ${refused} (fix it, or Esc for the old value)`);
            }
          }
        }}
      />
      {error && (
        <span id={`${id}-error`} className="error" role="alert" style={across}>
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * Where a field sits in one cell of a grid (the Inspector's X | Y), its message is laid across the
 * grid's whole width from the grid's left edge, below the row: a cell is too narrow for "not a
 * number or sum: 1 2". It stays in the flow, so the row grows to hold it under the neighbour's input.
 */
function useGridWidth(field: { readonly current: HTMLElement | null }, error: string | null): CSSProperties | undefined {
  const [style, setStyle] = useState<CSSProperties | undefined>(undefined);
  useLayoutEffect(() => {
    const el = field.current, grid = el?.parentElement;
    if (!error || !el || !grid || getComputedStyle(grid).display !== "grid") {
      setStyle(undefined);
      return;
    }
    const cell = el.getBoundingClientRect(), whole = grid.getBoundingClientRect();
    const pad = parseFloat(getComputedStyle(grid).paddingLeft) + parseFloat(getComputedStyle(grid).paddingRight);
    const width = whole.width - pad;
    setStyle(width > cell.width + 1 ? { marginLeft: whole.left + parseFloat(getComputedStyle(grid).paddingLeft) - cell.left, width } : undefined);
  }, [error, field]);
  return style;
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
