// Renders the installed app's icons from public/logo.svg into public/icons/ (decision 068).
// The PNGs are committed: run this again when the logo changes (`node apps/web/scripts/render-icons.mjs`).
// sharp comes with the API (it resizes profile pictures); it renders the SVG with librsvg.
import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';

const publicDir = new URL('../public/', import.meta.url);
const iconsDir = new URL('icons/', publicDir);
const logo = readFileSync(new URL('logo.svg', publicDir), 'utf8');

/**
 * The maskable icon: the launcher crops it to its own shape (a circle, a squircle), keeping
 * only the centre 80 %. So the background fills the whole square and the anvil is shrunk to
 * fit that centre.
 */
function maskableSvg() {
  const paths = [...logo.matchAll(/<path[^>]*\/>/g)].map((match) => match[0]).join('');
  const background = /<rect[^>]*fill="([^"]+)"/.exec(logo)?.[1] ?? '#c2410c';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(32 32) scale(0.8) translate(-32 -32)">${paths}</g></svg>`;
}

async function render(svg, size, file) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(file, iconsDir).pathname);
}

mkdirSync(iconsDir, { recursive: true });
await render(logo, 192, 'icon-192.png');
await render(logo, 512, 'icon-512.png');
await render(maskableSvg(), 512, 'maskable-512.png');
// iOS puts its own rounded corners on the home screen icon: a full square, like the maskable.
await render(maskableSvg(), 180, 'apple-touch-icon.png');
