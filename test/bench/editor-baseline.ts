// The editor benchmark's baseline: another commit's editor, built in a temporary git worktree
// beside this checkout, so one run can measure both builds in turn. The worktree shares this
// checkout's node_modules (a symlink) and is removed afterwards, also on Ctrl+C.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ROOT } from "../e2e/harness";

export interface Build {
  /** What the table calls it: "current" or the ref given. */
  readonly label: string;
  /** The commit, short, with "+ changes" when the checkout has uncommitted ones. */
  readonly commit: string;
  /** The checkout whose dist/ is served. */
  readonly root: string;
}

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** This checkout as a Build (its dist/ is built by `npm run build`). */
export function currentBuild(): Build {
  const dirty = git(ROOT, "status", "--porcelain", "--untracked-files=no") !== "";
  return { label: "current", commit: `${git(ROOT, "rev-parse", "--short", "HEAD")}${dirty ? " + changes" : ""}`, root: ROOT };
}

/**
 * Checks `ref` out into a temporary worktree and builds its editor there (the renderer and the
 * launcher that serves it, with that commit's own build scripts). Progress goes to stderr, so
 * stdout keeps only the table. `remove` deletes the worktree; it runs at exit if not called.
 */
export function buildBaseline(ref: string): Build & { readonly remove: () => void } {
  const commit = git(ROOT, "rev-parse", "--verify", `${ref}^{commit}`);
  // An empty directory: git worktree add accepts one.
  const dir = mkdtempSync(join(tmpdir(), "collider-bench-baseline-"));
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    try {
      git(ROOT, "worktree", "remove", "--force", dir);
    } catch {
      // Not registered (the add failed): the directory may still be there.
    }
    rmSync(dir, { recursive: true, force: true });
    git(ROOT, "worktree", "prune");
  };
  process.once("exit", remove);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      remove();
      process.exit(130);
    });
  }
  try {
    process.stderr.write(`baseline: checking out ${ref} (${commit.slice(0, 7)}) into ${dir}\n`);
    git(ROOT, "worktree", "add", "--detach", dir, commit);
    // The same dependencies: share this tree's node_modules. Others (a package added or dropped
    // since): install the baseline's own, from its lock file.
    if (readFileSync(join(dir, "package-lock.json"), "utf8") === readFileSync(resolve(ROOT, "package-lock.json"), "utf8")) {
      symlinkSync(realpathSync(resolve(ROOT, "node_modules")), join(dir, "node_modules"));
    } else {
      process.stderr.write("baseline: its package-lock.json differs: npm ci\n");
      execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: dir, stdio: ["ignore", process.stderr, process.stderr] });
    }
    for (const script of ["build:renderer", "build:electron"]) {
      process.stderr.write(`baseline: npm run ${script}\n`);
      execFileSync("npm", ["run", script], { cwd: dir, stdio: ["ignore", process.stderr, process.stderr] });
    }
    if (!existsSync(join(dir, "dist/renderer/index.html"))) throw new Error(`the build of ${ref} made no dist/renderer/index.html`);
  } catch (err) {
    remove();
    throw err;
  }
  return { label: ref, commit: commit.slice(0, 7), root: dir, remove };
}
