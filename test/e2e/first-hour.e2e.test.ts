// A designer's first hour (a review's findings), each reproduced in Chromium as reported: the
// canvas kept drawing after an Inspector edit of several selected boxes while a sensor overlaps.
import { decode } from "fast-png";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { editorSession, pageErrors, placeAt } from "./harness";

const session = editorSession();

/** The canvas pixel at (x, y) of the page as [r, g, b]. */
async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  const d = decode(await page.screenshot({ clip: { x, y, width: 1, height: 1 } })).data;
  return [d[0]!, d[1]!, d[2]!];
}

describe("a designer's first hour", () => {
  it("editing several selected boxes in the Inspector while a sensor overlaps something leaves every shape drawn", async () => {
    const page = await session.newPage();
    const box = (await page.locator(".canvas").boundingBox())!;
    const c = { x: box.x, y: box.y };
    const background = await pixel(page, c.x + 700, c.y + 500);
    for (const x of [250, 320, 390]) {
      await placeAt(page, "Box", c.x + x, c.y + 400);
      await page.keyboard.press("Escape");
    }
    for (const x of [550, 620]) await placeAt(page, "Circle", c.x + x, c.y + 250);
    await page.getByLabel("Sensor").check();
    await page.keyboard.press("Escape");
    await page.keyboard.press("v");
    // A marquee around the three boxes.
    await page.mouse.move(c.x + 200, c.y + 330);
    await page.mouse.down();
    await page.mouse.move(c.x + 460, c.y + 470, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("3 boxes");
    const width = page.getByLabel("Width", { exact: true });
    await width.fill("48");
    await width.press("Enter");
    // Deselected, the boxes go back into the cached drawing: every one must be painted there.
    await page.keyboard.press("Escape");
    await page.waitForTimeout(200);
    for (const x of [250, 320, 390]) expect(await pixel(page, c.x + x, c.y + 400)).not.toEqual(background);
    expect(await pixel(page, c.x + 550, c.y + 250)).not.toEqual(background);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
