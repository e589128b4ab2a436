// Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of a built site,
// so a static server that sends precompressed files (scripts/serve.sh's sirv; nginx's
// gzip_static/brotli_static; docs/deploying.md) serves them without compressing on each
// request. Node's own zlib does both, at their highest levels: the files are compressed once
// per build, read many times.
//
//   node scripts/compress.mjs DIR
//
// A copy is kept only when it is smaller than the file; stale copies of files that are gone
// are removed. Prints the totals.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The endings worth compressing: text and wasm (images are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.map', '.svg', '.txt']);
/** Below this a copy saves less than the header costs. */
const MIN_BYTES = 1024;

const ENCODERS = {
  '.br': (bytes) =>
    zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  '.gz': (bytes) => zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

const dir = process.argv[2];
if (!dir || !fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
  console.error('usage: node scripts/compress.mjs DIR');
  process.exit(2);
}

const totals = { files: 0, bytes: 0, '.br': 0, '.gz': 0 };
for (const file of [...walk(dir)]) {
  const ending = path.extname(file);
  if (ending in ENCODERS) {
    // A copy whose original is gone (a file renamed by a new build) goes too.
    if (!fs.existsSync(file.slice(0, -ending.length))) fs.rmSync(file);
    continue;
  }
  if (!COMPRESSIBLE.has(ending)) continue;
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  totals.files += 1;
  totals.bytes += bytes.length;
  for (const [suffix, encode] of Object.entries(ENCODERS)) {
    const packed = encode(bytes);
    const target = file + suffix;
    if (packed.length < bytes.length) {
      fs.writeFileSync(target, packed);
      totals[suffix] += packed.length;
    } else {
      fs.rmSync(target, { force: true });
      totals[suffix] += bytes.length;
    }
  }
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `compress: ${totals.files} files, ${kb(totals.bytes)} → ${kb(totals['.br'])} Brotli, ${kb(totals['.gz'])} gzip`,
);
