// Opening a ray log over the scene, closing it, and re-recording it with this run's results.
import { looksLikeScene, probeRayLog, type RayLogProblem, type SceneProblem } from "../../core";
import type { Editor } from "../editor/editor";
import { counted, dismissProblems, notify, notifyWithList } from "../store/actions";
import { BIG_FILE_CHARS, pause, pickedDocument, stepProgress } from "./document-commands";
import { acceptRecordedLog, closeRayLog, mostlyBad, openRayLog, readRayLog, readRayLogInSteps, recordedName, recordedText, replayResultsOf } from "../store/replay";
import { exportTextAnywhere, pickRayLog, type FileOutcome, type FileType, type OpenedDocument } from "../platform/files";

export const RAY_LOG: FileType = { name: "Ray log", extensions: ["jsonl", "json"] };

/** The most bad lines of a ray log the problems list shows (a log may have millions of lines). */
export const LISTED_BAD_LINES = 200;

/** A log's bad lines as the problems list's entries (its line and column), the ones past LISTED_BAD_LINES counted in a last one. */
function badLines(problems: readonly RayLogProblem[]): SceneProblem[] {
  const listed: SceneProblem[] = problems.slice(0, LISTED_BAD_LINES).map((p) => ({ path: "", message: p.message, line: p.line, ...(p.column === undefined ? {} : { column: p.column }) }));
  const more = problems.length - listed.length;
  return more > 0 ? [...listed, { path: "", message: `and ${counted(more, "more bad line")}` }] : listed;
}

/**
 * Opens a picked ray log; bad lines are skipped (the panel says how many, and the first).
 * Refused, the open log staying open: a scene (as the CLI refuses one), a log with no good line
 * or with more bad lines than rays (its bad lines in the problems list). A big log is read in
 * steps with progress in the status bar. Opened, it ends the list of an open that failed before.
 */
export async function receiveRayLog(editor: Editor, outcome: FileOutcome<OpenedDocument> | null): Promise<void> {
  const doc = pickedDocument(editor, outcome);
  if (!doc) return;
  const open = editor.replay.getState().log;
  const kept = open ? `; ${open.name} stays open` : "";
  if (looksLikeScene(doc.text)) {
    notify(editor, `${doc.name} looks like a scene, not a ray log: open it with File → Open…${kept}`);
    return;
  }
  let log;
  if (doc.text.length < BIG_FILE_CHARS) log = readRayLog(doc.name, doc.text);
  else {
    const progress = stepProgress(doc.name);
    try {
      log = await readRayLogInSteps(doc.name, doc.text, progress.show, pause);
    } finally {
      progress.done();
    }
  }
  if (log.rays.length === 0 && log.problems.length === 0) {
    notify(editor, `${doc.name} has no rays${kept}`);
    return;
  }
  if (log.rays.length === 0 || mostlyBad(log)) {
    const what = `Could not open ${doc.name}: ${log.rays.length === 0 ? `no ray read, ${counted(log.problems.length, "bad line")}` : `${log.problems.length.toLocaleString("en")} of ${(log.problems.length + log.rays.length).toLocaleString("en")} lines are bad (most lines must be rays)`}`;
    notifyWithList(editor, "open-failed", `${what}${kept}`, what, doc.name, badLines(log.problems));
    return;
  }
  openRayLog(editor, log);
  // A list of what kept a file from opening is stale now; what an import left out of the scene is not.
  if (editor.getState().problems?.kind === "open-failed") dismissProblems(editor);
  // Skipped lines need no list: the Replay panel keeps saying how many, and the first.
  const skipped = log.problems.length === 0 ? "" : ` (${counted(log.problems.length, "bad line")} skipped)`;
  notify(editor, `Opened ray log ${doc.name}: ${counted(log.rays.length, "ray")}${skipped}`);
}

export async function openRayLogFile(editor: Editor): Promise<void> {
  await receiveRayLog(editor, await pickRayLog(RAY_LOG));
}

export function closeRayLogView(editor: Editor): void {
  if (editor.replay.getState().log) notify(editor, null);
  closeRayLog(editor);
}

/**
 * "1 bad line (line 3)", "4 bad lines (lines 3, 7, 9, …)": a log's skipped lines, as the
 * re-record question and notice name them.
 */
export function badLinesNamed(problems: readonly RayLogProblem[]): string {
  const shown = problems.slice(0, 3).map((p) => p.line).join(", ");
  return `${counted(problems.length, "bad line")} (line${problems.length === 1 ? "" : "s"} ${shown}${problems.length > 3 ? ", …" : ""})`;
}

/** What Re-record asks and writes through: a window.confirm and the export (a download in the browser); tests pass their own. */
export interface RerecordPorts {
  readonly confirm: (question: string) => boolean;
  readonly save: (text: string, name: string) => Promise<FileOutcome<{ readonly name: string }>>;
}

const RERECORD_PORTS: RerecordPorts = {
  confirm: (question) => window.confirm(question),
  save: (text, name) => exportTextAnywhere(text, name, { name: RAY_LOG.name, extensions: ["jsonl"] }),
};

/**
 * Writes the log with this run's results as its expectations (a download in the browser). A log
 * with skipped bad lines is written only once the user agrees to leave them out (the CLI's
 * --skip-bad-lines), and the notice counts them: a baseline is never silently shorter. The file
 * written becomes the open log.
 */
export async function rerecordRayLog(editor: Editor, ports: RerecordPorts = RERECORD_PORTS): Promise<void> {
  const log = editor.replay.getState().log;
  if (!log) return;
  const name = recordedName(log.name);
  const bad = log.problems.length === 0 ? "" : badLinesNamed(log.problems);
  if (bad && !ports.confirm(`${log.name} has ${bad} that would be left out of the new baseline ${name}.jsonl.\n\nRe-record the other ${counted(log.rays.length, "ray")} without ${log.problems.length === 1 ? "it" : "them"}? Cancel to fix the log first.`)) {
    notify(editor, `Not re-recorded: ${bad} would be left out of the new baseline: fix the log first`);
    return;
  }
  const text = recordedText(replayResultsOf(editor));
  const outcome = await ports.save(text, name);
  const left = bad ? `; ${bad} left out` : "";
  if (outcome.kind === "done") {
    acceptRecordedLog(editor, outcome.value.name, text);
    notify(editor, `${outcome.value.name} is the open log now: ${counted(log.rays.length, "ray")} re-recorded${left}`, `Re-recorded ${counted(log.rays.length, "ray")} to ${outcome.value.name}${left}. It is now the open log: this run's hits are its expectations.`);
  } else if (outcome.kind === "error") notify(editor, outcome.message);
}

/**
 * Writes the scene's ray probes as a ray log, each with its hit now as the expectation (a
 * download in the browser): the baseline QA replays a later version of the level against, as
 * `collider-studio probes --ray-log` writes it.
 */
export async function saveProbesAsRayLog(editor: Editor): Promise<void> {
  const { probes, file } = editor.getState();
  const log = probeRayLog(editor.documentWorld(), probes);
  if (log.rays === 0) {
    notify(editor, `No rays to save as a ray log: draw them with the Ray tool (R)${log.sweeps > 0 ? "; sweeps have no place in a ray log" : ""}`);
    return;
  }
  const name = `${file.name.replace(/\.json$/i, "") || "level"}.rays`;
  const outcome = await exportTextAnywhere(log.text, name, { name: RAY_LOG.name, extensions: ["jsonl"] });
  const left = log.sweeps === 0 ? "" : ` (${log.sweeps} sweep${log.sweeps === 1 ? "" : "s"} left out: a ray log holds rays)`;
  if (outcome.kind === "done") notify(editor, `Saved ${log.rays} ray${log.rays === 1 ? "" : "s"} with their hits as a ray log to ${outcome.value.name}${left}`);
  else if (outcome.kind === "error") notify(editor, outcome.message);
}
