// The core's path arithmetic on forward-slash paths (core/scene/file-paths.ts): examples worked by
// hand, node's path.posix as a reference for absolute POSIX paths, and the property that matters
// to exports and imports: a relative path, resolved back from where it starts, is the target.
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAbsolutePath, normalizePath, rebaseRelativePaths, relativePath, resolvePath } from "../../core/scene/file-paths";
import { seedOf } from "./arbitraries";

describe("normalizePath", () => {
  it.each([
    ["a/./b//c/", "a/b/c"],
    ["a/../b", "b"],
    ["a/..", "."],
    ["", "."],
    ["./", "."],
    ["../a/../../b", "../../b"],
    ["/a/../../b", "/b"],
    ["C:/x/../y", "C:/y"],
    ["//a", "/a"],
  ])("%j → %j", (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it("knows absolute paths: /x and C:/x, not c:x or x", () => {
    expect([isAbsolutePath("/x"), isAbsolutePath("C:/x"), isAbsolutePath("c:x"), isAbsolutePath("x"), isAbsolutePath("../x")]).toEqual([true, true, false, false, false]);
  });
});

describe("resolvePath", () => {
  it.each([
    ["/p/levels", "art/a.png", "/p/levels/art/a.png"],
    ["/p/levels", "../art/a.png", "/p/art/a.png"],
    ["/p/levels", "/q/a.png", "/q/a.png"],
    ["", "art/a.png", "art/a.png"],
    ["levels", "../../a.png", "../a.png"],
    ["C:/p", "a.png", "C:/p/a.png"],
    ["/", "a.png", "/a.png"],
  ])("%j + %j → %j", (dir, p, expected) => {
    expect(resolvePath(dir, p)).toBe(expected);
  });
});

describe("relativePath", () => {
  it.each([
    ["/p/out", "/p/levels/art/a.png", "../levels/art/a.png"],
    ["/p/levels", "/p/levels/art/a.png", "art/a.png"],
    ["/p/levels", "/p/levels", "."],
    ["/", "/a/b", "a/b"],
    ["/a/b", "/", "../.."],
    ["C:/p", "c:/p/a.png", "a.png"],
    ["", "art/a.png", "art/a.png"],
    ["", "../a.png", "../a.png"],
    ["../x", "../y/a.png", "../y/a.png"],
  ])("from %j to %j is %j", (from, to, expected) => {
    expect(relativePath(from, to)).toBe(expected);
  });

  it.each([
    ["C:/p", "D:/p/a.png", "another drive"],
    ["/p", "a.png", "an absolute and a relative path"],
    ["p", "/a.png", "a relative and an absolute path"],
    ["../x", "a.png", "climbing out of a folder whose name is unknown"],
  ])("from %j to %j is null: %s", (from, to) => {
    expect(relativePath(from, to)).toBeNull();
  });
});

const segment = fc.oneof(fc.constantFrom("a", "b", "art", "..", ".", "", "A"), fc.stringMatching(/^[a-z0-9 _-]{1,4}$/));
const relative = fc.array(segment, { maxLength: 6 }).map((parts) => parts.join("/"));
const root = fc.constantFrom("/", "C:/", "c:/");

describe("relativePath, then resolvePath, gives the target", () => {
  it("absolute paths on one root: never null, and resolving it back gives the target", () => {
    fc.assert(
      fc.property(root, relative, relative, (r, from, to) => {
        const fromDir = r + from, target = (r === "/" ? "/" : "C:/") + to;
        const rel = relativePath(fromDir, target);
        expect(rel).not.toBeNull();
        expect(isAbsolutePath(rel!)).toBe(false);
        expect(resolvePath(fromDir, rel!).toLowerCase()).toBe(normalizePath(target).toLowerCase());
      }),
      { seed: seedOf("relative absolute"), numRuns: 2000 },
    );
  });

  it("relative paths: null exactly when the start climbs out further than the target, else it resolves back", () => {
    const relativeOnly = relative.filter((p) => !isAbsolutePath(p));
    fc.assert(
      fc.property(relativeOnly, relativeOnly, (from, to) => {
        const rel = relativePath(from, to);
        const ups = (p: string) => normalizePath(p).split("/").filter((s) => s === "..").length;
        expect(rel === null).toBe(ups(from) > ups(to));
        if (rel !== null) expect(resolvePath(from, rel)).toBe(normalizePath(to));
      }),
      { seed: seedOf("relative relative"), numRuns: 2000 },
    );
  });

  it("agrees with node's path.posix.relative on absolute POSIX paths", () => {
    fc.assert(
      fc.property(relative, relative, (from, to) => {
        const expected = path.posix.relative(`/${from}`, `/${to}`) || ".";
        expect(relativePath(`/${from}`, `/${to}`)).toBe(expected);
        expect(resolvePath(`/${from}`, to)).toBe(path.posix.resolve(`/${from}`, to));
      }),
      { seed: seedOf("relative posix"), numRuns: 2000 },
    );
  });
});

describe("rebaseRelativePaths (Save As into another folder)", () => {
  it("moves relative paths, keeps data: URLs, and lists what another drive cannot reach", () => {
    const r = rebaseRelativePaths(["art/a.png", "../b.png", "data:image/png;base64,AA==", "x.png"], "/p/levels", "/p/out/deep");
    expect(r.sources).toEqual(["../../levels/art/a.png", "../../b.png", "data:image/png;base64,AA==", "../../levels/x.png"]);
    expect(r.unreachable).toEqual([]);
    const drive = rebaseRelativePaths(["a.png", "data:image/png;base64,AA=="], "C:/p", "D:/q");
    expect(drive).toEqual({ sources: ["a.png", "data:image/png;base64,AA=="], unreachable: [0] });
  });

  it("each moved path names, from the new folder, the file the old one named", () => {
    fc.assert(
      fc.property(fc.array(relative, { maxLength: 5 }), relative, relative, (sources, from, to) => {
        const fromDir = `/${from}`, toDir = `/${to}`;
        const r = rebaseRelativePaths(sources, fromDir, toDir);
        expect(r.unreachable).toEqual([]);
        r.sources.forEach((src, i) => expect(resolvePath(toDir, src)).toBe(resolvePath(fromDir, sources[i]!)));
      }),
      { seed: seedOf("rebase"), numRuns: 1000 },
    );
  });
});
