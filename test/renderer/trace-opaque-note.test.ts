// Trace Colliders… on a picture the threshold keeps whole (level art on an opaque background) had
// shown "1 blob, 1 piece, IoU 1.000" and offered one box over the picture without saying why.
import { describe, expect, it } from "vitest";
import { lowestAlpha, wholePictureNote } from "../../renderer/app/trace/opaque-note";

describe("the whole-picture note of Trace Colliders…", () => {
  it("finds the lowest alpha", () => {
    expect(lowestAlpha(new Uint8Array([255, 255, 255]))).toBe(255);
    expect(lowestAlpha(new Uint8Array([255, 30, 200]))).toBe(30);
    expect(lowestAlpha(new Uint8Array([]))).toBe(255);
  });

  it("says nothing while some pixel is below the threshold", () => {
    expect(wholePictureNote("art", 100, 99, 0)).toBeNull();
    expect(wholePictureNote("art", 0, 0, 255)).toBeNull();
  });

  it("says the picture has no transparent pixels, or which threshold would leave some out", () => {
    expect(wholePictureNote("art", 100, 100, 255)).toMatch(/^art has no transparent pixels, so the trace is one box over the whole picture: .* Erase the background in the art/);
    expect(wholePictureNote("art", 100, 100, 200)).toMatch(/raise the alpha threshold above 200, or erase the background in the art\.$/);
  });
});
