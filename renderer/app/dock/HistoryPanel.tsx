// The undo history as a list, as Tiled's History view: the start, every step that can be undone
// (the last one current), then the undone ones that can be redone, greyed. Clicking a row undoes
// or redoes until that step is the last one done.
import { useEffect, useRef } from "react";
import { useEditor, useHistorySteps } from "../../editor/react";

export function HistoryPanel() {
  const editor = useEditor();
  const { done, undone } = useHistorySteps();
  const current = useRef<HTMLLIElement>(null);
  useEffect(() => {
    current.current?.scrollIntoView({ block: "nearest" });
  }, [done.length, undone.length]);
  const row = (label: string, at: number, undoneRow: boolean) => {
    const isCurrent = at === done.length;
    return (
      <li key={at} ref={isCurrent ? current : undefined} className={undoneRow ? "undone" : undefined}>
        <button type="button" aria-current={isCurrent ? "step" : undefined} onClick={() => editor.goToStep(at)}>
          {label}
        </button>
      </li>
    );
  };
  return (
    <ol className="history" aria-label="History">
      {row("Start", 0, false)}
      {done.map((label, i) => row(label, i + 1, false))}
      {undone.map((label, i) => row(label, done.length + i + 1, true))}
    </ol>
  );
}
