// Shown when a file could not be opened (every problem with its place; the open document is left
// as it was), or after an import, listing what it could not bring in.
import { formatProblem } from "../../core";
import { dismissProblems } from "../store/actions";
import { useEditor, useEditorState } from "../editor/react";

export function ProblemsPanel() {
  const editor = useEditor();
  const problems = useEditorState((s) => s.problems);
  if (!problems) return null;
  return (
    <section className="problems" role="alert" aria-label="Problems">
      <header>
        <strong>
          {problems.heading ?? `Could not open ${problems.file}: ${problems.list.length} problem${problems.list.length === 1 ? "" : "s"}`}
        </strong>
        <button type="button" onClick={() => dismissProblems(editor)}>
          Dismiss
        </button>
      </header>
      <ul>
        {problems.list.map((p, i) => (
          <li key={i}>{formatProblem(p)}</li>
        ))}
      </ul>
    </section>
  );
}
