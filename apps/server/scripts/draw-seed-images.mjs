// Draws the demo blog illustrations (soft gradients with a simple white symbol) as PNG files,
// with nothing but Node's zlib. Run once: node scripts/draw-seed-images.mjs; the files are committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const OUT = new URL('../src/seed/assets/', import.meta.url);
// 800 × 420: large enough for a card and a link preview, small enough to stay under 60 KB.
const W = 800;
const H = 420;
const S = W / 1200;

const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);
const clamp = (x, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, x));

function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

// Signed distances, in pixels, negative inside.
const circle = (x, y, cx, cy, r) => Math.hypot(x - cx, y - cy) - r;
const ring = (x, y, cx, cy, r, w) => Math.abs(circle(x, y, cx, cy, r)) - w / 2;
function roundedBox(x, y, cx, cy, hw, hh, r) {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}
function heart(x, y, cx, cy, s) {
  // Inigo Quilez's heart, scaled to s pixels and turned upright.
  let px = Math.abs(x - cx) / s;
  let py = (cy - y) / s + 0.55;
  if (py + px > 1) return (Math.hypot(px - 0.25, py - 0.75) - Math.SQRT2 / 4) * s;
  const a = Math.hypot(px, py - 1);
  const m = 0.5 * Math.max(px + py, 0);
  const b = Math.hypot(px - m, py - m);
  return Math.min(a, b) * Math.sign(px - py) * s;
}
function drop(x, y, cx, cy, r, h) {
  // Inigo Quilez's uneven capsule: a round bottom of radius r and a pointed top h pixels above it.
  const px = Math.abs(x - cx);
  const py = cy - y;
  const tip = 4 * S;
  const b = (r - tip) / h;
  const a = Math.sqrt(1 - b * b);
  const k = -b * px + a * py;
  if (k < 0) return Math.hypot(px, py) - r;
  if (k > a * h) return Math.hypot(px, py - h) - tip;
  return a * px + b * py - r;
}
const union = (...d) => Math.min(...d);
const subtract = (a, b) => Math.max(a, -b);

const SYMBOLS = {
  heart: (x, y, cx, cy) => heart(x, y, cx, cy, 210 * S),
  flower: (x, y, cx, cy) => {
    let d = circle(x, y, cx, cy, 42 * S);
    for (let i = 0; i < 6; i++) {
      const a = (i * Math.PI) / 3;
      d = union(d, circle(x, y, cx + Math.cos(a) * 82 * S, cy + Math.sin(a) * 82 * S, 56 * S));
    }
    return subtract(d, circle(x, y, cx, cy, 30 * S));
  },
  drop: (x, y, cx, cy) => drop(x, y, cx, cy + 60 * S, 105 * S, 230 * S),
  cross: (x, y, cx, cy) =>
    union(roundedBox(x, y, cx, cy, 52 * S, 150 * S, 20 * S), roundedBox(x, y, cx, cy, 150 * S, 52 * S, 20 * S)),
  rings: (x, y, cx, cy) =>
    union(ring(x, y, cx, cy, 150 * S, 26 * S), ring(x, y, cx, cy, 105 * S, 26 * S), ring(x, y, cx, cy, 60 * S, 26 * S)),
  moon: (x, y, cx, cy) =>
    union(
      subtract(circle(x, y, cx, cy, 150 * S), circle(x, y, cx + 70 * S, cy - 50 * S, 125 * S)),
      circle(x, y, cx + 55 * S, cy - 25 * S, 13 * S),
      circle(x, y, cx + 105 * S, cy + 30 * S, 8 * S),
    ),
  shield: (x, y, cx, cy) => {
    const top = roundedBox(x, y, cx, cy - 100 * S, 150 * S, 60 * S, 30 * S);
    const lens = Math.max(
      circle(x, y, cx - 110 * S, cy - 40 * S, 260 * S),
      circle(x, y, cx + 110 * S, cy - 40 * S, 260 * S),
      cy - 60 * S - y,
    );
    const plus = union(
      roundedBox(x, y, cx, cy - 20 * S, 16 * S, 60 * S, 6 * S),
      roundedBox(x, y, cx, cy - 20 * S, 60 * S, 16 * S, 6 * S),
    );
    return subtract(union(top, lens), plus);
  },
};

function draw({ file, from, to, symbol, seed }) {
  const a = hex(from);
  const b = hex(to);
  const r = rng(seed);
  const bubbles = Array.from({ length: 6 }, () => ({
    x: r() * W,
    y: r() * H,
    r: (60 + r() * 220) * S,
    a: 0.06 + r() * 0.1,
  }));
  const sx = W * 0.7;
  const sy = H * 0.5;
  const shape = SYMBOLS[symbol];
  const raw = Buffer.alloc((W * 3 + 1) * H);
  const rows = [];
  for (let y = 0; y < H; y++) {
    const row = new Uint8Array(W * 3);
    for (let x = 0; x < W; x++) {
      let c = mix(a, b, clamp((x / W) * 0.65 + (y / H) * 0.35));
      for (const bb of bubbles) {
        const cover = clamp(0.5 - circle(x, y, bb.x, bb.y, bb.r) / 1.5);
        if (cover > 0) c = mix(c, [255, 255, 255], cover * bb.a);
      }
      // A soft halo behind the symbol, then the symbol itself.
      const halo = circle(x, y, sx, sy, 250 * S);
      if (halo < 0) c = mix(c, [255, 255, 255], 0.16 * clamp(-halo / (40 * S)));
      const d = shape(x, y, sx, sy);
      const cover = clamp(0.5 - d);
      if (cover > 0) c = mix(c, [255, 255, 255], cover * 0.93);
      row[x * 3] = Math.round(c[0]);
      row[x * 3 + 1] = Math.round(c[1]);
      row[x * 3 + 2] = Math.round(c[2]);
    }
    rows.push(row);
  }
  // Per row, the PNG filter with the smallest residuals.
  const bpp = 3;
  for (let y = 0; y < H; y++) {
    const cur = rows[y];
    const prev = y > 0 ? rows[y - 1] : new Uint8Array(W * 3);
    let best = null;
    for (let f = 0; f <= 4; f++) {
      const out = new Uint8Array(W * 3);
      let score = 0;
      for (let i = 0; i < cur.length; i++) {
        const left = i >= bpp ? cur[i - bpp] : 0;
        const up = prev[i];
        const ul = i >= bpp ? prev[i - bpp] : 0;
        let pred = 0;
        if (f === 1) pred = left;
        else if (f === 2) pred = up;
        else if (f === 3) pred = (left + up) >> 1;
        else if (f === 4) {
          const p = left + up - ul;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - ul);
          pred = pa <= pb && pa <= pc ? left : pb <= pc ? up : ul;
        }
        const v = (cur[i] - pred) & 0xff;
        out[i] = v;
        score += v < 128 ? v : 256 - v;
      }
      if (!best || score < best.score) best = { f, out, score };
    }
    const o = y * (W * 3 + 1);
    raw[o] = best.f;
    raw.set(best.out, o + 1);
  }
  const png = encodePng(raw);
  writeFileSync(new URL(file, OUT), png);
  console.log(file, png.length);
}

function crc32(buf) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function encodePng(raw) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const IMAGES = [
  { file: 'heart-pregnancy-blood-pressure.png', from: '#fecdd3', to: '#f43f5e', symbol: 'heart', seed: 11 },
  { file: 'heart-menopause.png', from: '#ffe4e6', to: '#e11d48', symbol: 'heart', seed: 12 },
  { file: 'cancer-cervical-screening.png', from: '#f3e8ff', to: '#a855f7', symbol: 'flower', seed: 21 },
  { file: 'cancer-breast-self-exam.png', from: '#fce7f3', to: '#db2777', symbol: 'flower', seed: 22 },
  { file: 'diabetes-gestational.png', from: '#dbeafe', to: '#2563eb', symbol: 'drop', seed: 31 },
  { file: 'diabetes-pcos.png', from: '#cffafe', to: '#0891b2', symbol: 'drop', seed: 32 },
  { file: 'prevention-hpv-vaccine.png', from: '#d1fae5', to: '#059669', symbol: 'shield', seed: 41 },
  { file: 'prevention-sti.png', from: '#ccfbf1', to: '#0d9488', symbol: 'cross', seed: 42 },
  { file: 'exercise-pregnancy.png', from: '#ffedd5', to: '#ea580c', symbol: 'rings', seed: 51 },
  { file: 'exercise-pelvic-floor.png', from: '#fef3c7', to: '#d97706', symbol: 'rings', seed: 52 },
  { file: 'mental-postpartum.png', from: '#e0e7ff', to: '#4f46e5', symbol: 'moon', seed: 61 },
  { file: 'mental-fertility-stress.png', from: '#e0f2fe', to: '#0369a1', symbol: 'moon', seed: 62 },
];

for (const image of IMAGES) draw(image);
