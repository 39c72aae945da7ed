// An output written as it is produced but seen whole or not at all: the text goes to a temporary
// file, which becomes the output only on commit (atomically, keeping the replaced file as .bak,
// as every other output of the command line), and is removed on discard (a refused run).
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeAtomically } from "./atomic-write";
import { readableReason, UserError } from "./files";

const partName = (dir: string, base: string): string => path.join(dir, `.${base}.${process.pid}-${randomBytes(6).toString("hex")}.part`);

export class PartFile {
  private constructor(private readonly stream: WriteStream, readonly temporary: string, private readonly target: string | null) {}

  /** A part file next to `target` (so the final rename stays on one file system). */
  static forOutput(target: string): Promise<PartFile> {
    return PartFile.create(partName(path.dirname(path.resolve(target)), path.basename(target)), target);
  }

  /** A part file in the system's temporary folder, to be read back (commitTo) rather than renamed. */
  static spool(name: string): Promise<PartFile> {
    return PartFile.create(partName(tmpdir(), name), null);
  }

  private static create(temporary: string, target: string | null): Promise<PartFile> {
    return new Promise((resolve, reject) => {
      const stream = createWriteStream(temporary, { encoding: "utf8", flags: "wx" });
      stream.once("open", () => resolve(new PartFile(stream, temporary, target)));
      stream.once("error", (err) => reject(new UserError(`cannot write ${target ?? "a temporary file"}: ${readableReason(err)}`)));
    });
  }

  /** Resolves once the stream has taken `text` (waiting when its buffer is full: bounded memory). */
  write(text: string): Promise<void> | void {
    if (!this.stream.write(text)) return new Promise((resolve) => this.stream.once("drain", () => resolve()));
  }

  private close(): Promise<void> {
    return new Promise((resolve, reject) => this.stream.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }

  /** Makes the part file the output (flushed, then renamed over it; the old content kept as .bak); resolves to that backup, or null. */
  async commit(): Promise<string | null> {
    if (this.target === null) throw new Error("a spool is read back, not committed");
    await this.close();
    const handle = await open(this.temporary, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      return await writeAtomically(this.target, (temporary) => rename(this.temporary, temporary));
    } catch (err) {
      await rm(this.temporary, { force: true });
      throw new UserError(`cannot write ${this.target}: ${readableReason(err)}`);
    }
  }

  /** A spool's text, in chunks, to `out`; then the spool is removed. */
  async readBack(out: (text: string) => void): Promise<void> {
    await this.close();
    try {
      for await (const chunk of createReadStream(this.temporary, { encoding: "utf8" })) out(chunk as string);
    } finally {
      await rm(this.temporary, { force: true });
    }
  }

  /** Removes the part file: the output (if any) stays as it was. */
  async discard(): Promise<void> {
    this.stream.destroy();
    await rm(this.temporary, { force: true });
  }
}
