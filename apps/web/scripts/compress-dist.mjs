// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built app (dist/), so the server can
// send each browser the smallest encoding it accepts without compressing on every request. Files that would not
// shrink by at least 5 % get no copies: the server then sends the original.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const dist = new URL('../dist/', import.meta.url).pathname;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let original = 0;
let brotli = 0;
let gzip = 0;
for (const path of files(dist)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length > bytes.length * 0.95) continue;
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gz);
  original += bytes.length;
  brotli += br.length;
  gzip += gz.length;
}
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`compressed dist/: ${kib(original)} of text -> ${kib(brotli)} brotli, ${kib(gzip)} gzip`);
