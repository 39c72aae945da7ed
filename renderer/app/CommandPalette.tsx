// The command palette (Ctrl+Shift+P or F1): every action of the registry, filtered as you type.
// Arrow keys move, Enter runs, Escape closes; disabled actions are shown greyed and do not run:
// their row's tooltip says why, and Enter or a click on one says it under the input.
import { useEffect, useMemo, useState, type KeyboardEvent } from "react";
import { actionTitle, availableActions, chordLabel, disabledReason, type Action } from "../actions/registry";
import type { Editor } from "../editor/editor";
import { useEditor } from "../editor/react";
import { searchActions } from "../actions/search";
import { Keys, Modal } from "./Modal";
import { closeModal, useModal } from "./modals";

const optionId = (a: Action) => `command-${a.id.replace(/\W/g, "-")}`;

/** Runs `a` (closing the palette first), or returns why it cannot run now. */
function run(editor: Editor, a: Action): string | null {
  const why = disabledReason(editor, a);
  if (why !== null) return why;
  // Close first: the action may open another modal or want the editor's focus.
  closeModal();
  a.run(editor);
  return null;
}

function Palette() {
  const editor = useEditor();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  /** Why the action Enter or a click asked for cannot run; cleared by the next keystroke or move. */
  const [refused, setRefused] = useState<string | null>(null);
  const tryRun = (a: Action) => setRefused(run(editor, a));
  const results = useMemo(() => searchActions(availableActions(), query), [query]);
  const current = results[Math.min(active, results.length - 1)];

  useEffect(() => {
    if (current) document.getElementById(optionId(current))?.scrollIntoView({ block: "nearest" });
  }, [current]);

  const onKey = (e: KeyboardEvent) => {
    const last = results.length - 1;
    const moves: Record<string, number> = { ArrowDown: Math.min(active + 1, last), ArrowUp: Math.max(active - 1, 0), Home: 0, End: last, PageDown: Math.min(active + 8, last), PageUp: Math.max(active - 8, 0) };
    const to = moves[e.key];
    if (to !== undefined && (e.key.startsWith("Arrow") || e.key.startsWith("Page") || e.ctrlKey)) {
      e.preventDefault();
      setActive(Math.max(to, 0));
      setRefused(null);
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (current) tryRun(current);
    }
  };

  return (
    <Modal label="Command palette" className="palette" onKey={onKey}>
      <input
        data-autofocus
        className="palette-input"
        role="combobox"
        aria-expanded="true"
        aria-controls="palette-list"
        aria-autocomplete="list"
        aria-activedescendant={current ? optionId(current) : undefined}
        aria-label="Type a command"
        placeholder="Type a command…"
        value={query}
        spellCheck={false}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setRefused(null);
        }}
      />
      {refused !== null && <p className="palette-refused" role="alert" data-testid="palette-refused">{refused}</p>}
      {/* Clicks keep the focus in the input. */}
      <ul id="palette-list" className="palette-list" role="listbox" aria-label="Commands" onMouseDown={(e) => e.preventDefault()}>
        {results.map((a, i) => {
          const why = disabledReason(editor, a);
          return (
            <li key={a.id} id={optionId(a)} role="option" aria-selected={a === current} aria-disabled={why !== null} title={why ?? undefined} className={a === current ? "active" : undefined} onMouseMove={() => setActive(i)} onClick={() => tryRun(a)}>
              <span className="group-name">{a.group}</span>
              <span className="label">{actionTitle(editor, a)}</span>
              {/* A setting (Show grid, Lock Layer) says whether it is on: running it turns it the other way. */}
              {a.checked && <span className="setting" data-testid={`palette-state-${a.id}`}>{a.checked(editor) ? "on" : "off"}</span>}
              {a.keys[0] && <Keys label={chordLabel(a.keys[0])} />}
            </li>
          );
        })}
        {results.length === 0 && <li className="empty" role="presentation">No matching commands</li>}
      </ul>
    </Modal>
  );
}

export function CommandPalette() {
  const open = useModal((s) => s.open === "palette");
  return open ? <Palette /> : null;
}
