// Issue 24's images in the scene format: read, written in canonical order with their defaults left
// out, their sources held to a relative path or a data: URL (never a network or absolute one),
// unique ids, sizes and opacity in range, each problem named by its JSON path.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dataUrlType, imageSourceProblem, parseScene, serializeScene, type SceneProblem } from "../../core/index";

const PNG_1PX = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const fileWithImages = (images: string): string => `{
  "format": "collider-studio-scene",
  "version": 1,
  "images": ${images},
  "shapes": []
}
`;

function problemsOf(text: string): readonly SceneProblem[] {
  const result = parseScene(text);
  if (result.ok) throw new Error("expected the scene to be refused");
  return result.problems;
}

describe("images in the scene file", () => {
  it("reads an image list and writes it back byte for byte, defaults left out, unknown fields kept", () => {
    const text = `{
  "format": "collider-studio-scene",
  "version": 1,
  "images": [
    {
      "id": "art",
      "src": "art/level-1.png",
      "x": 0,
      "y": 0,
      "width": 2048,
      "height": 1024,
      "opacity": 0.8,
      "locked": true
    },
    {
      "id": "sky",
      "src": "../shared/sky.webp",
      "x": -10.5,
      "y": 20,
      "visible": false,
      "tint": "warm"
    },
    {
      "id": "dot",
      "src": "${PNG_1PX}",
      "x": 1,
      "y": 2
    }
  ],
  "shapes": []
}
`;
    const parsed = parseScene(text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.scene.images?.map((i) => [i.id, i.width, i.opacity, i.visible, i.locked])).toEqual([
      ["art", 2048, 0.8, undefined, true],
      ["sky", undefined, undefined, false, undefined],
      ["dot", undefined, undefined, undefined, undefined],
    ]);
    expect(serializeScene(parsed.scene)).toBe(text);
  });

  it("writes an image's fields in order and leaves out opacity 1, visible and unlocked; no list when empty", () => {
    const text = serializeScene({
      format: "collider-studio-scene",
      version: 1,
      probes: [],
      shapes: [],
      images: [{ locked: false, visible: true, opacity: 1, height: 5, width: 6, y: 2, x: 1, src: "a.png", id: "a" }],
    });
    expect(text).toContain('"images": [\n    {\n      "id": "a",\n      "src": "a.png",\n      "x": 1,\n      "y": 2,\n      "width": 6,\n      "height": 5\n    }\n  ]');
    expect(serializeScene({ format: "collider-studio-scene", version: 1, probes: [], shapes: [], images: [] })).not.toContain("images");
  });

  it("refuses a network, file, absolute or backslashed source, and a malformed data: URL, at its JSON path", () => {
    for (const [src, message] of [
      ["http://example.com/a.png", /not "http:"/],
      ["https://example.com/a.png", /not "https:"/],
      ["file:///etc/passwd", /not "file:"/],
      ["C:/art/a.png", /not "C:"/],
      ["/home/me/a.png", /not an absolute path/],
      ["art\\\\a.png", /forward slashes/],
      ["", /must not be empty/],
      ["data:image/gif;base64,R0lGOD", /data:image\/png, image\/jpeg or image\/webp/],
      ["data:text/html,<b>", /data:image\/png, image\/jpeg or image\/webp/],
    ] as const) {
      const problems = problemsOf(fileWithImages(`[{ "id": "a", "src": "${src}", "x": 0, "y": 0 }]`));
      expect(problems.map((p) => p.path), src).toEqual(["images[0].src"]);
      expect(problems[0]!.message, src).toMatch(message);
      expect(problems[0]!.line, src).toBe(4);
    }
  });

  it("refuses duplicate ids, sizes that are not positive, an opacity outside 0–1, and a missing corner", () => {
    const problems = problemsOf(
      fileWithImages(`[
    { "id": "a", "src": "a.png", "x": 0, "y": 0, "width": 0 },
    { "id": "a", "src": "b.png", "x": 0, "y": 0, "opacity": 1.5 },
    { "id": "c", "src": "c.png", "y": 0, "height": -2 }
  ]`),
    );
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ["images[0].width", "must be greater than 0"],
      ["images[1].id", 'duplicate image id "a" (already used by images[0])'],
      ["images[1].opacity", expect.stringMatching(/<=1|at most 1|too big/i)],
      ["images[2].x", expect.stringMatching(/missing|required|number/i)],
      ["images[2].height", "must be greater than 0"],
    ]);
  });

  it("accepts exactly the relative paths and image data: URLs (property, against a plain rule)", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_. -]{1,8}$/).filter((s) => s !== "." && !s.includes(":"));
    const relative = fc.tuple(fc.array(fc.constantFrom("..", "art", "sub dir"), { maxLength: 3 }), segment).map(([dirs, name]) => [...dirs, name].join("/"));
    const withScheme = fc.tuple(fc.constantFrom("http", "https", "file", "ftp", "blob", "javascript", "c", "D"), relative).map(([s, rest]) => `${s}:${rest}`);
    fc.assert(
      fc.property(fc.oneof(relative, withScheme, relative.map((r) => `/${r}`)), (src) => {
        const plain = !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(src) && !src.startsWith("/") && src !== "";
        expect(imageSourceProblem(src) === null).toBe(plain);
      }),
      { seed: 24, numRuns: 300 },
    );
    expect(dataUrlType(PNG_1PX)).toBe("image/png");
    expect(dataUrlType("art/a.png")).toBeNull();
  });
});
