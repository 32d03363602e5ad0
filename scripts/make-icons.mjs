// Renders the web app's PNG icons (app/manifest.ts) from public/icon.svg; the output is committed.
// Run after changing the icon: node scripts/make-icons.mjs
import fs from "node:fs";
import sharp from "sharp";

const svg = fs.readFileSync("public/icon.svg");
for (const size of [192, 512]) {
  await sharp(svg, { density: 72 * (size / 64) })
    .resize(size, size)
    .png()
    .toFile(`public/icons/icon-${size}.png`);
}
// Maskable: launchers crop to a circle or squircle, so the star sits inside the central 80 % safe
// zone on a full-bleed background of the icon's own colour.
const inner = await sharp(svg, { density: 72 * (410 / 64) })
  .resize(410, 410)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#4f46e5" } })
  .composite([{ input: inner, gravity: "center" }])
  .png()
  .toFile("public/icons/maskable-512.png");
await sharp(svg, { density: 72 * (180 / 64) })
  .resize(180, 180)
  .png()
  .toFile("public/icons/apple-touch-icon.png");
