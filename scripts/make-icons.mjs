// Renders the web apps' PNG icons from their SVGs; the output is committed. Run after changing an
// icon: node scripts/make-icons.mjs
//   the card (app/manifest.webmanifest): public/icon.svg → public/icons/icon-*, maskable-512, apple-touch-icon
//   the staff scanner (app/scanner.webmanifest): public/icons/scanner.svg → public/icons/scanner-*
import fs from "node:fs";
import sharp from "sharp";

const render = (svg, size) =>
  sharp(svg, { density: 72 * (size / 64) })
    .resize(size, size)
    .png();

/**
 * Maskable: launchers crop to a circle or squircle, so the drawing sits inside the central 80 %
 * safe zone on a full-bleed background of the icon's own colour.
 */
async function maskable(svg, background, file) {
  const inner = await render(svg, 410).toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background } })
    .composite([{ input: inner, gravity: "center" }])
    .png()
    .toFile(file);
}

const card = fs.readFileSync("public/icon.svg");
for (const size of [192, 512]) await render(card, size).toFile(`public/icons/icon-${size}.png`);
await maskable(card, "#4f46e5", "public/icons/maskable-512.png");
await render(card, 180).toFile("public/icons/apple-touch-icon.png");

const scanner = fs.readFileSync("public/icons/scanner.svg");
for (const size of [192, 512]) await render(scanner, size).toFile(`public/icons/scanner-${size}.png`);
await maskable(scanner, "#312e81", "public/icons/scanner-maskable-512.png");
