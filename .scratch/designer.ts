import { launchBrowser, newEditorPage, serveEditor, pageErrors } from "../test/e2e/harness";

const shot = (name: string) => `/tmp/shots/${name}.png`;
(async () => {
  const served = await serveEditor();
  const browser = await launchBrowser();
  const page = await newEditorPage(browser, served.url);
  const btn = (n: string) => page.getByRole("button", { name: n, exact: true }).click();
  // A floor of boxes.
  await btn("Box");
  await page.mouse.move(150, 500); await page.mouse.down(); await page.mouse.move(450, 540, { steps: 5 }); await page.mouse.up();
  await page.mouse.move(500, 500); await page.mouse.down(); await page.mouse.move(800, 540, { steps: 5 }); await page.mouse.up();
  // A slope polygon.
  await btn("Polygon");
  for (const [x, y] of [[450, 500], [500, 500], [500, 440]]) await page.mouse.click(x, y);
  await page.keyboard.press("Enter");
  // A capsule player, coins.
  await btn("Capsule"); await page.mouse.click(300, 440);
  await btn("Circle"); await page.mouse.click(600, 420); await page.mouse.click(660, 420);
  await page.screenshot({ path: shot("1-placed") });
  // Select tool: select the capsule, drag it into the floor (overlap), rotate via knob.
  await btn("Select");
  await page.mouse.move(300, 440); await page.mouse.down(); await page.mouse.move(320, 480, { steps: 6 }); await page.mouse.up();
  await page.screenshot({ path: shot("2-dragged-capsule") });
  // Marquee over the coins.
  await page.mouse.move(560, 360); await page.mouse.down(); await page.mouse.move(720, 470, { steps: 8 });
  await page.screenshot({ path: shot("3-marquee") });
  await page.mouse.up();
  await page.screenshot({ path: shot("4-marquee-done") });
  // Ray and sweep.
  await btn("Ray");
  await page.mouse.move(100, 300); await page.mouse.down(); await page.mouse.move(900, 520, { steps: 6 }); await page.mouse.up();
  await btn("Sweep");
  await page.mouse.move(600, 420); await page.mouse.down(); await page.mouse.move(600, 560, { steps: 6 }); await page.mouse.up();
  await btn("Select");
  await page.mouse.click(640, 480);
  // Click the polygon, drag a vertex.
  await page.mouse.click(485, 480);
  await page.screenshot({ path: shot("5-polygon-selected") });
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+z");
  await page.screenshot({ path: shot("6-undone") });
  await page.keyboard.press("Control+Shift+z");
  await page.keyboard.press("Escape");
  await page.screenshot({ path: shot("7-final") });
  console.log("errors:", pageErrors(page));
  await browser.close();
  await served.stop();
})();
