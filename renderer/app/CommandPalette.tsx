// The command palette (Ctrl+Shift+P or F1): every action of the registry, filtered as you type.
// Arrow keys move, Enter runs, Escape closes; disabled actions are shown greyed and do not run.
import { useEffect, useMemo, useState, type KeyboardEvent } from "react";
import { availableActions, chordLabel, type Action } from "../actions/registry";
import type { Editor } from "../editor/editor";
import { useEditor } from "../editor/react";
import { searchActions } from "../actions/search";
import { Keys, Modal } from "./Modal";
import { closeModal, useModal } from "./modals";

const isEnabled = (editor: Editor, a: Action): boolean => a.enabled?.(editor) ?? true;
const optionId = (a: Action) => `command-${a.id.replace(/\W/g, "-")}`;

function run(editor: Editor, a: Action): void {
  if (!isEnabled(editor, a)) return;
  // Close first: the action may open another modal or want the editor's focus.
  closeModal();
  a.run(editor);
}

function Palette() {
  const editor = useEditor();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
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
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (current) run(editor, current);
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
        }}
      />
      {/* Clicks keep the focus in the input. */}
      <ul id="palette-list" className="palette-list" role="listbox" aria-label="Commands" onMouseDown={(e) => e.preventDefault()}>
        {results.map((a, i) => {
          const enabled = isEnabled(editor, a);
          return (
            <li key={a.id} id={optionId(a)} role="option" aria-selected={a === current} aria-disabled={!enabled} className={a === current ? "active" : undefined} onMouseMove={() => setActive(i)} onClick={() => run(editor, a)}>
              <span className="group-name">{a.group}</span>
              <span className="label">{a.label}</span>
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
