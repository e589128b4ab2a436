// Map sources: the bundled maps listed in maps/index.json, .map/.txt and image files (file
// input or drag-and-drop; images are decoded by the browser, the grid is built in wasm), and
// exporting the current map as a .map or PNG download. Every loader throws a readable Error and
// leaves the current map alone on failure.

/**
 * Where the shipped maps are listed: `maps/index.json` next to the page's modules, whatever
 * page loads them (a host page of the web component included). The maps themselves are
 * fetched relative to it. scripts/build-site.sh rewrites this literal to the versioned folder.
 */
export const MAP_INDEX = new URL('maps/index.json', import.meta.url);

/** The bundled map list, or [] when it cannot be fetched. */
export async function fetchIndex() {
  try {
    const res = await fetch(MAP_INDEX, { cache: 'no-cache' });
    if (!res.ok) return [];
    const list = await res.json();
    return Array.isArray(list) ? list.filter((m) => m && typeof m.file === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Loads bundled map `entry` ({file, name, start, goal}) into the planner.
 * @param {import('./pkg/pathlab.js').Planner} planner
 * @param {{file: string, name?: string, start?: number[], goal?: number[]}} entry
 */
export async function loadBundled(planner, entry) {
  const res = await fetch(new URL(encodeURIComponent(entry.file), MAP_INDEX));
  if (!res.ok) throw new Error(`Could not fetch ${entry.file} (HTTP ${res.status}).`);
  const text = await res.text();
  planner.loadMapText(text, markersOf(entry));
}

function markersOf(entry) {
  const ok = (p) => Array.isArray(p) && p.length === 2 && p.every((v) => Number.isInteger(v) && v >= 0);
  return ok(entry.start) && ok(entry.goal)
    ? new Uint32Array([entry.start[0], entry.start[1], entry.goal[0], entry.goal[1]])
    : undefined;
}

const IMAGE = /\.(png|bmp|gif|webp)$/i;

/** Loads a user file (.map/.txt text or a PNG/BMP image) into the planner. */
export async function loadFile(planner, file) {
  if (IMAGE.test(file.name) || file.type.startsWith('image/')) {
    // Read the declared size from the header first: a tiny file can claim 60000×60000
    // pixels, and the browser would allocate them all before we could refuse.
    const declared = imageSize(new Uint8Array(await file.slice(0, 32).arrayBuffer()));
    if (declared && (declared.width > 4096 || declared.height > 4096)) {
      throw new Error(
        `${file.name} is ${declared.width}×${declared.height}; maps can be at most 4096×4096.`);
    }
    let bitmap;
    try {
      bitmap = await createImageBitmap(file);
    } catch {
      throw new Error(`${file.name} is not an image this browser can decode.`);
    }
    const { width, height } = bitmap;
    if (width > 4096 || height > 4096) {
      bitmap.close();
      throw new Error(`${file.name} is ${width}×${height}; maps can be at most 4096×4096.`);
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(bitmap, 0, 0);
    bitmap.close();
    const rgba = ctx.getImageData(0, 0, width, height).data;
    planner.loadImage(width, height, new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.length));
    return;
  }
  if (file.size > 40 * 1024 * 1024) {
    throw new Error(`${file.name} is too large to be a map.`);
  }
  const text = await file.text();
  planner.loadMapText(text);
}

/**
 * The width and height a PNG, BMP or GIF header declares, or null for other formats (the
 * decoded size is checked again after decoding).
 */
export function imageSize(head) {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const starts = (...bytes) => bytes.every((b, i) => head[i] === b);
  if (head.length >= 24 && starts(0x89, 0x50, 0x4e, 0x47)) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (head.length >= 26 && starts(0x42, 0x4d)) {
    return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
  }
  if (head.length >= 10 && starts(0x47, 0x49, 0x46)) {
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  return null;
}

/**
 * Encodes opaque RGBA pixels as a PNG with the browser's own encoder (lossless, so the
 * collision-bitmap greys survive exactly).
 */
export function encodePng(width, height, rgba) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const pixels = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length);
  canvas.getContext('2d').putImageData(new ImageData(pixels, width, height), 0, 0);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser could not encode the PNG'))), 'image/png');
  });
}

/**
 * A map's name with its size, "Maze 63×63 (depth-first)": the size added only where the
 * name does not already say it (most shipped names do).
 * @param {string} name
 * @param {number | undefined} width
 * @param {number | undefined} height
 */
export function nameWithSize(name, width, height) {
  const dims = Number.isInteger(width) && Number.isInteger(height) ? `${width}×${height}` : '';
  return dims && !name.includes(dims) ? `${name} — ${dims}` : name;
}

/** A safe download file name stem for map `name` ('' = "pathlab"). */
export function fileStem(name) {
  return (name || 'pathlab').replace(/\.(map|png|bmp|txt)$/i, '').replace(/[^\w.-]+/g, '-');
}

/** Offers `blob` as a download named `stem.ext`. */
export function download(blob, stem, ext) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${stem}.${ext}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Offers the current map as a .map download. */
export function downloadMap(planner, name) {
  download(new Blob([planner.exportMap()], { type: 'text/plain' }), fileStem(name), 'map');
}

/** The index entry a short link's map name refers to (file name, with or without .map). */
export function findEntry(list, name) {
  const want = String(name).toLowerCase();
  return list.find((m) => m.file.toLowerCase() === want || m.file.toLowerCase() === `${want}.map`) ?? null;
}
