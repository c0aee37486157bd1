// Renders a flatness surface's deviation heatmap with a legend in mm, as a piscina task off the main
// thread (algorithm-image.ts). Input: { cloudPath (or null), maxPoints, maxCloudBytes, standardMm,
// rulers: [{ X1, Y1, X2, Y2, value }] (valid values, ends in mm on the surface) }.
// Output: { ok: true, image: { width, height, rgb }, texts, source: 'pointcloud' | 'readings', note,
// rulers, points } or { ok: false, reason }: `texts` the legend's words, which the main thread draws
// in a real font with sharp; `rulers` the rulers a readings map is interpolated from, `points` the
// cloud points drawn.
// The legend's last line says which, in no language: a ruler pictogram and N, or a dot cloud and the
// point count (the page and the response headers say it in words).
// From a point cloud: each cell the mean deviation of its points from the best-fit plane (signed,
// positive towards the scanner). From readings: a gap under a 2 m ruler touches the surface at the
// ruler's ends, so each ruler carries value x sin(pi t) along its length (t from 0 to 1); the surface
// between rulers is interpolated by inverse distance weighting (power 2).
import { register } from 'tsx/esm/api';

// point-cloud.mjs reads clouds with the scan engine's TypeScript reader: tsx first, then the import.
register();
const { CloudUnreadable, deviationsFromPlane, readPointCloud } = await import('./point-cloud.mjs');

const WIDTH = 640;
const MARGIN = 12;
const LEGEND = 64;
const CELL = 4;
const MAX_SAMPLES = 2000;
const EMPTY = [235, 235, 235];
/** Legend text: size in px and the width one character takes (the text is fitted to it). */
const TEXT_SIZE = 14;
const CHAR_WIDTH = 9;

const mix = (a, b, t) => a.map((x, i) => Math.round(x + (b[i] - x) * Math.min(1, Math.max(0, t))));
const GREEN = [22, 163, 74];
const YELLOW = [250, 204, 21];
const RED = [220, 38, 38];
const CYAN = [34, 211, 238];
const BLUE = [30, 64, 175];

/** Within the standard green to yellow (cyan below the plane), beyond it to red (blue below). */
function colourOf(deviation, standard, limit) {
  const size = Math.abs(deviation);
  const [near, far] = deviation < 0 ? [CYAN, BLUE] : [YELLOW, RED];
  if (size <= standard) return mix(GREEN, near, standard > 0 ? size / standard : 1);
  return mix(near, far, limit > standard ? (size - standard) / (limit - standard) : 1);
}

/** Cells of the surface: { columns, rows, extent, values (NaN where nothing is known) }. */
function fromCloud(points) {
  const { u, v, d } = deviationsFromPlane(points);
  let [u0, u1, v0, v1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i < u.length; i += 1) {
    u0 = Math.min(u0, u[i]);
    u1 = Math.max(u1, u[i]);
    v0 = Math.min(v0, v[i]);
    v1 = Math.max(v1, v[i]);
  }
  const extent = { X: Math.max(u1 - u0, 1), Y: Math.max(v1 - v0, 1) };
  const { columns, rows } = gridOf(extent);
  const sum = new Float64Array(columns * rows);
  const count = new Uint32Array(columns * rows);
  for (let i = 0; i < u.length; i += 1) {
    const cx = Math.min(columns - 1, Math.floor(((u[i] - u0) / extent.X) * columns));
    const cy = Math.min(rows - 1, Math.floor(((v1 - v[i]) / extent.Y) * rows));
    sum[cy * columns + cx] += d[i];
    count[cy * columns + cx] += 1;
  }
  const values = Float64Array.from(sum, (s, i) => (count[i] ? s / count[i] : Number.NaN));
  // Cells between scan lines get the mean of their neighbours (up to 2 cells away).
  for (let pass = 0; pass < 2; pass += 1) {
    const before = Float64Array.from(values);
    for (let cy = 0; cy < rows; cy += 1)
      for (let cx = 0; cx < columns; cx += 1) {
        if (!Number.isNaN(before[cy * columns + cx])) continue;
        let total = 0;
        let known = 0;
        for (let dy = -1; dy <= 1; dy += 1)
          for (let dx = -1; dx <= 1; dx += 1) {
            const x = cx + dx;
            const y = cy + dy;
            const value = x >= 0 && y >= 0 && x < columns && y < rows ? before[y * columns + x] : Number.NaN;
            if (!Number.isNaN(value)) {
              total += value;
              known += 1;
            }
          }
        if (known > 0) values[cy * columns + cx] = total / known;
      }
  }
  return { columns, rows, values, rulers: [], extent, points: u.length };
}

function gridOf(extent) {
  const inner = WIDTH - 2 * MARGIN;
  const height = Math.max(120, Math.min(inner, Math.round((inner * extent.Y) / extent.X)));
  return { columns: Math.floor(inner / CELL), rows: Math.floor(height / CELL) };
}

function fromReadings(rulers) {
  let x = 1;
  let y = 1;
  for (const r of rulers) {
    x = Math.max(x, r.X1, r.X2);
    y = Math.max(y, r.Y1, r.Y2);
  }
  const extent = { X: x * 1.05, Y: y * 1.05 };
  // Rulers laid on the same spot (a device may repeat a position) keep the largest value there.
  const byPlace = new Map();
  for (const r of rulers) {
    for (let s = 0; s <= 20; s += 1) {
      const t = s / 20;
      const sample = [r.X1 + (r.X2 - r.X1) * t, r.Y1 + (r.Y2 - r.Y1) * t, r.value * Math.sin(Math.PI * t)];
      const key = `${Math.round(sample[0])},${Math.round(sample[1])}`;
      if (!(byPlace.get(key)?.[2] >= sample[2])) byPlace.set(key, sample);
    }
  }
  const all = [...byPlace.values()];
  const step = Math.ceil(all.length / MAX_SAMPLES);
  const samples = all.filter((_, i) => i % step === 0);
  const { columns, rows } = gridOf(extent);
  const values = new Float64Array(columns * rows);
  for (let cy = 0; cy < rows; cy += 1) {
    const my = (1 - (cy + 0.5) / rows) * extent.Y;
    for (let cx = 0; cx < columns; cx += 1) {
      const mx = ((cx + 0.5) / columns) * extent.X;
      let weights = 0;
      let total = 0;
      let exact = Number.NaN;
      for (const [sx, sy, sd] of samples) {
        const distance = (sx - mx) ** 2 + (sy - my) ** 2;
        if (distance < 1e-6) exact = sd;
        weights += 1 / distance;
        total += sd / distance;
      }
      values[cy * columns + cx] = Number.isNaN(exact) ? total / weights : exact;
    }
  }
  return { columns, rows, values, rulers, extent, points: null };
}

function render({ columns, rows, values, rulers, extent, points }, standard) {
  let low = 0;
  let high = 0;
  for (const value of values) {
    if (Number.isNaN(value)) continue;
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  const limit = Math.max(standard * 2, Math.abs(low), Math.abs(high), 1);
  const legendLow = low < 0 ? -limit : 0;
  const width = WIDTH;
  const height = rows * CELL + 2 * MARGIN + LEGEND;
  const rgb = Buffer.alloc(width * height * 3, 255);
  const put = (x, y, colour) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    rgb.set(colour, (y * width + x) * 3);
  };
  const box = (x0, y0, w, h, colour) => {
    for (let y = y0; y < y0 + h; y += 1) for (let x = x0; x < x0 + w; x += 1) put(x, y, colour);
  };
  for (let cy = 0; cy < rows; cy += 1)
    for (let cx = 0; cx < columns; cx += 1) {
      const value = values[cy * columns + cx];
      const colour = Number.isNaN(value) ? EMPTY : colourOf(value, standard, limit);
      box(MARGIN + cx * CELL, MARGIN + cy * CELL, CELL, CELL, colour);
    }
  // The rulers as thin dark lines.
  for (const r of rulers) {
    const x1 = MARGIN + (r.X1 / extent.X) * columns * CELL;
    const y1 = MARGIN + (1 - r.Y1 / extent.Y) * rows * CELL;
    const x2 = MARGIN + (r.X2 / extent.X) * columns * CELL;
    const y2 = MARGIN + (1 - r.Y2 / extent.Y) * rows * CELL;
    const steps = Math.max(1, Math.ceil(Math.hypot(x2 - x1, y2 - y1)));
    for (let s = 0; s <= steps; s += 1)
      put(Math.round(x1 + ((x2 - x1) * s) / steps), Math.round(y1 + ((y2 - y1) * s) / steps), [40, 40, 40]);
  }
  // The legend: a colour bar from legendLow to limit with ticks at the ends, 0 and the standard.
  const barTop = MARGIN * 2 + rows * CELL;
  const barWidth = width - 2 * MARGIN;
  const xOf = (value) => MARGIN + Math.round(((value - legendLow) / (limit - legendLow)) * (barWidth - 1));
  for (let x = 0; x < barWidth; x += 1) {
    const value = legendLow + ((limit - legendLow) * x) / (barWidth - 1);
    box(MARGIN + x, barTop, 1, 16, colourOf(value, standard, limit));
  }
  const texts = [];
  const text = (label, left, top) =>
    texts.push({
      text: label,
      x: Math.round(left),
      y: top,
      width: label.length * CHAR_WIDTH,
      size: TEXT_SIZE,
    });
  const ticks = [legendLow, 0, standard, limit];
  if (legendLow < 0) ticks.push(-standard);
  const placed = [];
  for (const value of [...new Set(ticks)].sort((a, b) => a - b)) {
    const x = xOf(value);
    box(x, barTop + 16, 1, 6, [40, 40, 40]);
    const label = `${Math.round(value * 10) / 10}mm`;
    const labelWidth = label.length * CHAR_WIDTH;
    const left = Math.min(Math.max(MARGIN, x - labelWidth / 2), width - MARGIN - labelWidth);
    if (placed.some((other) => Math.abs(other - left) < labelWidth + 4)) continue;
    placed.push(left);
    text(label, left, barTop + 26);
  }
  // Where the map comes from: a ruler pictogram (a bar with end marks) and the number of rulers it
  // is interpolated from, or a dot cloud and the number of points drawn.
  const sourceTop = barTop + 44;
  const ink = [40, 40, 40];
  if (points === null) {
    box(MARGIN, sourceTop + 5, 28, 4, ink);
    box(MARGIN, sourceTop + 1, 2, 12, ink);
    box(MARGIN + 26, sourceTop + 1, 2, 12, ink);
    text(String(rulers.length), MARGIN + 36, sourceTop);
  } else {
    for (const [dx, dy] of [
      [0, 8],
      [6, 2],
      [10, 10],
      [16, 5],
      [22, 11],
      [24, 1],
    ])
      box(MARGIN + dx, sourceTop + dy, 3, 3, ink);
    text(String(points), MARGIN + 36, sourceTop);
  }
  return { image: { width, height, rgb }, texts };
}

/** The piscina task: the map from the cloud when it can be read, else from the readings. */
export default async function renderAlgorithmMap({
  cloudPath,
  maxPoints,
  maxCloudBytes,
  standardMm,
  rulers,
}) {
  try {
    let surface;
    let note = null;
    if (cloudPath) {
      try {
        surface = fromCloud(await readPointCloud(cloudPath, { maxPoints, maxCloudBytes }));
      } catch (error) {
        if (!(error instanceof CloudUnreadable) && error?.code !== 'ENOENT') throw error;
        note = error.message;
      }
    }
    const source = surface ? 'pointcloud' : 'readings';
    if (!surface) {
      if (rulers.length === 0) throw new CloudUnreadable(note ?? 'no rulers');
      surface = fromReadings(rulers);
    }
    return {
      ok: true,
      ...render(surface, standardMm),
      source,
      note,
      rulers: surface.points === null ? surface.rulers.length : null,
      points: surface.points,
    };
  } catch (error) {
    return {
      ok: false,
      noGeometry: error instanceof CloudUnreadable,
      reason: error instanceof Error ? error.message : String(error),
    };
  }
}
