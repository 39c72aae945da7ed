// Entry point of the `collider-studio` binary, and of the worker threads `replay` starts on a long
// log (the same file, told apart by its workerData).
import { isMainThread, workerData } from "node:worker_threads";
import { runCli } from "./cli";
import { isReplayWorkerData, runReplayWorker } from "./replay-worker";

if (!isMainThread && isReplayWorkerData(workerData)) runReplayWorker(workerData);
else runCli(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err: unknown) => {
    process.stderr.write(`collider-studio: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 70;
  },
);
