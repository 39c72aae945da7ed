// The JUnit report of a long replay in bounded memory: each ray's <testcase> goes to its tag's
// spool file as it is replayed, with only the counts kept; at the end the report is assembled from
// the spools (the same bytes as replayJUnit) and written atomically. Ten million rays are ten million
// lines on disk, not ten million results in memory.
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { junitHead, JUNIT_TAIL, SUITE_CLOSE, suiteOpen, type SuiteCounts } from "../replay/junit";
import type { ReplaySummary } from "../replay/types";
import { writeAtomically } from "./atomic-write";

/** Spool files kept open at once; a tag beyond them is reopened for appending when it comes back. */
const OPEN_LIMIT = 32;

/** A suite's lines are gathered up to this many characters before they go to its spool. */
const BATCH_CHARS = 1 << 16;

interface Suite {
  readonly file: string;
  readonly counts: SuiteCounts;
  stream: WriteStream | null;
  /** Lines not yet written. */
  pending: string;
}

const finished = (stream: WriteStream): Promise<void> => new Promise((resolve, reject) => stream.end((err?: Error | null) => (err ? reject(err) : resolve())));

export class JUnitSpool {
  /** Suites in the order their tags first came, as replayJUnit lists them. */
  private readonly suites = new Map<string, Suite>();
  /** Open spools, least recently written first. */
  private readonly open: Suite[] = [];

  private constructor(private readonly dir: string, private readonly name: string) {}

  /** A spool in a fresh temporary folder; `name` names the run (the log's file name). */
  static async create(name: string): Promise<JUnitSpool> {
    return new JUnitSpool(await mkdtemp(path.join(tmpdir(), "collider-junit-")), name);
  }

  /**
   * Files the rendered test cases of one tag from a batch (`text`: their lines, with their counts).
   * Lines gather per tag and go to its spool in large writes; the returned promise then waits for
   * the disk when it lags (undefined otherwise: no await per batch in the loop).
   */
  addRendered(tag: string, text: string, counts: SuiteCounts): Promise<void> | undefined {
    const suite = this.suiteOf(tag);
    suite.counts.tests += counts.tests;
    suite.counts.failures += counts.failures;
    suite.counts.skipped += counts.skipped;
    if (counts.errors) suite.counts.errors = (suite.counts.errors ?? 0) + counts.errors;
    suite.pending += text;
    return suite.pending.length >= BATCH_CHARS ? this.flush(suite) : undefined;
  }

  private suiteOf(tag: string): Suite {
    let suite = this.suites.get(tag);
    if (!suite) {
      suite = { file: path.join(this.dir, `${this.suites.size}.xml`), counts: { tests: 0, failures: 0, skipped: 0 }, stream: null, pending: "" };
      this.suites.set(tag, suite);
    }
    return suite;
  }

  private async flush(suite: Suite): Promise<void> {
    const text = suite.pending;
    suite.pending = "";
    if (text === "") return;
    const stream = await this.streamOf(suite);
    if (!stream.write(text)) await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
  }

  private async streamOf(suite: Suite): Promise<WriteStream> {
    if (suite.stream) {
      // Most recently used last: the loop usually writes one tag many times in a row.
      if (this.open[this.open.length - 1] !== suite) {
        this.open.splice(this.open.indexOf(suite), 1);
        this.open.push(suite);
      }
      return suite.stream;
    }
    if (this.open.length >= OPEN_LIMIT) {
      const oldest = this.open.shift()!;
      await finished(oldest.stream!);
      oldest.stream = null;
    }
    suite.stream = createWriteStream(suite.file, { flags: "a" });
    this.open.push(suite);
    return suite.stream;
  }

  /** Writes the report to `target` atomically (keeping a .bak), then removes the spools. */
  async finish(target: string, summary: ReplaySummary, badLines = 0): Promise<void> {
    try {
      for (const suite of this.suites.values()) await this.flush(suite);
      for (const suite of this.open) await finished(suite.stream!);
      this.open.length = 0;
      await writeAtomically(target, async (temporary) => {
        const out = await open(temporary, "wx", 0o644);
        try {
          await out.write(junitHead(summary, this.name, badLines));
          for (const [tag, suite] of this.suites) {
            await out.write(suiteOpen(tag, suite.counts));
            for await (const chunk of createReadStream(suite.file)) await out.write(chunk as Buffer);
            await out.write(SUITE_CLOSE);
          }
          await out.write(JUNIT_TAIL);
          await out.sync();
        } finally {
          await out.close();
        }
      });
    } finally {
      await this.discard();
    }
  }

  /** Removes the spools without writing a report (a refused log). */
  async discard(): Promise<void> {
    for (const suite of this.open) suite.stream?.destroy();
    this.open.length = 0;
    await rm(this.dir, { recursive: true, force: true });
  }
}
