// Opening a ray log over the scene, closing it, and re-recording it with this run's results.
import { formatRayProblem } from "../../core";
import { notify } from "../store/actions";
import { BIG_FILE_CHARS, pause, pickedDocument, stepProgress } from "./document-commands";
import { closeRayLog, currentReplayResults, openRayLog, readRayLog, readRayLogInSteps, recordedName, recordedText, useReplay } from "../store/replay";
import { exportText, pickRayLog, type FileOutcome, type FileType, type OpenedDocument } from "../platform/files";

export const RAY_LOG: FileType = { name: "Ray log", extensions: ["jsonl", "json"] };

/**
 * Opens a picked ray log; bad lines are skipped (the panel says how many, and the first problem).
 * A big log is read in steps with progress in the status bar.
 */
export async function receiveRayLog(outcome: FileOutcome<OpenedDocument> | null): Promise<void> {
  const doc = pickedDocument(outcome);
  if (!doc) return;
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
  if (log.rays.length === 0) {
    const first = log.problems[0];
    notify(first ? `Could not open ${doc.name}: ${formatRayProblem(first, doc.name)}` : `${doc.name} has no rays`);
    return;
  }
  openRayLog(log);
  const skipped = log.problems.length === 0 ? "" : ` (${log.problems.length} bad line${log.problems.length === 1 ? "" : "s"} skipped)`;
  notify(`Opened ray log ${doc.name}: ${log.rays.length} ray${log.rays.length === 1 ? "" : "s"}${skipped}`);
}

export async function openRayLogFile(): Promise<void> {
  await receiveRayLog(await pickRayLog(RAY_LOG));
}

export function closeRayLogView(): void {
  if (useReplay.getState().log) notify(null);
  closeRayLog();
}

/** Writes the log with this run's results as its expectations (a download in the browser). */
export async function rerecordRayLog(): Promise<void> {
  const log = useReplay.getState().log;
  if (!log) return;
  const outcome = await exportText(recordedText(currentReplayResults()), recordedName(log.name), { name: RAY_LOG.name, extensions: ["jsonl"] });
  if (outcome.kind === "done") notify(`Re-recorded ${log.rays.length} ray${log.rays.length === 1 ? "" : "s"} to ${outcome.value.name}`);
  else if (outcome.kind === "error") notify(outcome.message);
}
