// Renders build/icon.svg into the icons electron-builder packs: build/icons/<n>x<n>.png (Linux),
// build/icon.ico (Windows) and build/icon.icns (macOS). Run it after changing the SVG and commit
// the results: `node build/make-icons.mjs`. Uses Debian's Chromium (CHROMIUM_PATH to change it).
//
// ICO and ICNS both accept PNG images as entries, so each is a small header around the PNGs
// rendered here, with no converter needed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const BUILD = import.meta.dirname;
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** ICNS entry types holding PNG data, by pixel size (the @2x types share sizes with larger ones). */
const ICNS_TYPES = [["icp4", 16], ["icp5", 32], ["icp6", 64], ["ic07", 128], ["ic08", 256], ["ic09", 512], ["ic10", 1024], ["ic11", 32], ["ic12", 64], ["ic13", 256], ["ic14", 512]];

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(executablePath)) {
  console.error(`make-icons: Chromium not found at ${executablePath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  process.exit(1);
}

const svg = readFileSync(path.join(BUILD, "icon.svg"), "utf8");
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"], headless: true });
const png = new Map();
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace(/<svg([^>]*?) width="\d+" height="\d+"/, `<svg$1 width="${size}" height="${size}"`);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
    png.set(size, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
  }
} finally {
  await browser.close();
}

mkdirSync(path.join(BUILD, "icons"), { recursive: true });
for (const size of SIZES) writeFileSync(path.join(BUILD, "icons", `${size}x${size}.png`), png.get(size));

// ICO: a 6-byte header, a 16-byte directory entry per image, then the PNGs (0 in a size byte means 256).
const icoImages = ICO_SIZES.map((s) => png.get(s));
const ico = Buffer.alloc(6 + 16 * icoImages.length);
ico.writeUInt16LE(0, 0);
ico.writeUInt16LE(1, 2); // 1 = icon
ico.writeUInt16LE(icoImages.length, 4);
let offset = ico.length;
ICO_SIZES.forEach((size, i) => {
  const at = 6 + 16 * i;
  ico.writeUInt8(size >= 256 ? 0 : size, at);
  ico.writeUInt8(size >= 256 ? 0 : size, at + 1);
  ico.writeUInt16LE(1, at + 4); // colour planes
  ico.writeUInt16LE(32, at + 6); // bits per pixel
  ico.writeUInt32LE(icoImages[i].length, at + 8);
  ico.writeUInt32LE(offset, at + 12);
  offset += icoImages[i].length;
});
writeFileSync(path.join(BUILD, "icon.ico"), Buffer.concat([ico, ...icoImages]));

// ICNS: "icns" and the file length (big-endian), then per entry its type, length and PNG.
const entries = ICNS_TYPES.map(([type, size]) => {
  const head = Buffer.alloc(8);
  head.write(type, 0, "ascii");
  head.writeUInt32BE(8 + png.get(size).length, 4);
  return Buffer.concat([head, png.get(size)]);
});
const icnsHead = Buffer.alloc(8);
icnsHead.write("icns", 0, "ascii");
icnsHead.writeUInt32BE(8 + entries.reduce((n, e) => n + e.length, 0), 4);
writeFileSync(path.join(BUILD, "icon.icns"), Buffer.concat([icnsHead, ...entries]));

console.log(`make-icons: wrote build/icons/ (${SIZES.join(", ")} px), build/icon.ico and build/icon.icns`);
