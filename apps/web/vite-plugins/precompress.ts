import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser fetches; fonts are woff2 (compressed already) and source maps only open in devtools. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
const SKIPPED_DIRS = new Set(["fonts", ".vite"]);
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;
/**
 * Brotli's best quality cost about 20 s of CPU over the whole build (measured on the busy machine),
 * mostly on the few big lazy chunks (ECharts, the password dictionaries); on those quality 9 is about
 * five times faster for about 7 % more bytes.
 */
const BEST_QUALITY_MAX_BYTES = 256 * 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* walk(path);
    } else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/** Writes `x.br` and `x.gz` next to a file, each only when it is smaller than the file. */
async function compressFile(path: string): Promise<void> {
  const content = await readFile(path);
  if (content.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: content.length <= BEST_QUALITY_MAX_BYTES ? constants.BROTLI_MAX_QUALITY : 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(content, { level: 9 }),
  ]);
  if (br.length < content.length) await writeFile(`${path}.br`, br);
  if (gzipped.length < content.length) await writeFile(`${path}.gz`, gzipped);
}

/**
 * Brotli and gzip copies of every text file of the build, written once at build time, so the server
 * (@fastify/static `preCompressed`) sends the smallest one the browser accepts without compressing
 * per request. Compression runs on libuv's thread pool, a few files at a time.
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "cura:precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const started = performance.now();
      const files: string[] = [];
      for await (const file of walk(outDir)) files.push(file);
      let next = 0;
      const worker = async () => {
        while (next < files.length) {
          const file = files[next++] as string;
          await compressFile(file);
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      let bytes = 0;
      for (const file of files) bytes += (await stat(file)).size;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      this.info(`${files.length} files (${Math.round(bytes / 1024)} KB) precompressed in ${seconds} s`);
    },
  };
}
