// Renders Courier's icon (public/icon-{16,32,48,128}.png) from geometry, so the PNGs are
// reproducible from source: a rounded square with a blue-to-green gradient and two opposing
// arrows (the mark in src/bridge/icon.ts, drawn in a 32-unit box).
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';

const A = [59, 91, 219]; // #3b5bdb
const B = [18, 184, 134]; // #12b886
const strokes = [
  [[8, 20], [20, 20]], [[20, 20], [16.5, 23.5]],
  [[24, 12], [12, 12]], [[12, 12], [15.5, 8.5]],
];

function distToSegment([px, py], [[ax, ay], [bx, by]]) {
  const dx = bx - ax, dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function insideRoundedSquare(x, y, r = 7) {
  const cx = Math.min(Math.max(x, r), 32 - r), cy = Math.min(Math.max(y, r), 32 - r);
  return Math.hypot(x - cx, y - cy) <= r;
}

function shade(x, y) {
  if (!insideRoundedSquare(x, y)) return null;
  if (strokes.some((s) => distToSegment([x, y], s) <= 1.3)) return [255, 255, 255];
  const t = (x + y) / 64;
  return A.map((a, i) => Math.round(a + (B[i] - a) * t));
}

function render(size) {
  const ss = 4; // supersampling per axis
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < ss; sy++) for (let sx = 0; sx < ss; sx++) {
        const c = shade(((x + (sx + 0.5) / ss) * 32) / size, ((y + (sy + 0.5) / ss) * 32) / size);
        if (c) { r += c[0]; g += c[1]; b += c[2]; a += 1; }
      }
      const o = 1 + x * 4;
      if (a) { row[o] = r / a; row[o + 1] = g / a; row[o + 2] = b / a; row[o + 3] = (255 * a) / (ss * ss); }
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

function crc32(buf) {
  let c, crc = 0xffffffff;
  for (const byte of buf) {
    c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size, raw) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0); ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(new URL('../public/', import.meta.url), { recursive: true });
for (const size of [16, 32, 48, 128]) {
  writeFileSync(new URL(`../public/icon-${size}.png`, import.meta.url), render(size));
}
console.log('wrote public/icon-{16,32,48,128}.png');
