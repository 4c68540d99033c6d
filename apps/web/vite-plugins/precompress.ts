import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** What compresses well; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|ico|webmanifest|xml|map)$/;

/**
 * Writes `file.br` (brotli, best) and `file.gz` (gzip -9) beside each compressible file of the
 * build, so the server sends them as they are instead of compressing on every request. A variant
 * that saves nothing is not written.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'photoshoot:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      handler() {
        compressTree(resolve(config.root, config.build.outDir));
      },
    },
  };
}

export function compressTree(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      compressTree(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const source = readFileSync(path);
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gz = gzipSync(source, { level: 9 });
    if (br.length < source.length) writeFileSync(`${path}.br`, br);
    if (gz.length < source.length) writeFileSync(`${path}.gz`, gz);
  }
}
