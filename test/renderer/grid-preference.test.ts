import { describe, expect, it } from "vitest";
import { parseGridPreference } from "../../renderer/app/grid-preference";
import { DEFAULT_GRID, DEFAULT_GRID_SIZE } from "../../renderer/store/preferences";

describe("parseGridPreference", () => {
  it("restores a saved grid", () => {
    expect(parseGridPreference({ size: 32, visible: false, snap: true })).toEqual({ size: 32, visible: false, snap: true });
  });

  it("uses the defaults on the first run and when the saved value is not an object", () => {
    for (const saved of [undefined, "{oops", 42, null, []]) expect(parseGridPreference(saved)).toEqual({ ...DEFAULT_GRID, size: DEFAULT_GRID_SIZE });
  });

  it("keeps each good field and defaults only the bad ones", () => {
    expect(parseGridPreference({ size: 0, visible: false, snap: "yes" })).toEqual({ size: DEFAULT_GRID_SIZE, visible: false, snap: DEFAULT_GRID.snap });
    expect(parseGridPreference({ size: 1e9, snap: true })).toEqual({ size: DEFAULT_GRID_SIZE, visible: DEFAULT_GRID.visible, snap: true });
    expect(parseGridPreference({ size: 12.5 })).toEqual({ ...DEFAULT_GRID, size: 12.5 });
    // The status bar's limits: a fine cell is kept, one past 1e6 is not.
    expect(parseGridPreference({ size: 0.25 })).toEqual({ ...DEFAULT_GRID, size: 0.25 });
    expect(parseGridPreference({ size: 2e6 })).toEqual({ ...DEFAULT_GRID, size: DEFAULT_GRID_SIZE });
  });
});
