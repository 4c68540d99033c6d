#!/bin/sh
":" //; exec env MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}" MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}" node "$0" "$@"
/*
 * The `photoshoot` command. A committed shim, so npm links the bin at install time, before the
 * first build. It is read twice: /bin/sh runs the line above, which sets glibc's allocator and
 * starts Node on this same file; Node skips the first line and reads that one as a string and a
 * comment.
 *
 * The allocator: glibc reads these settings once, when the process starts, so the server cannot
 * set them itself. Under glibc's defaults it kept most of what it had freed. Every thread that
 * allocates gets an arena of its own (up to eight per core: the studio, face-model and libvips
 * threads), and once a large block has been freed (a photo's pixels, a 2048 px float plane) glibc
 * raises its mmap threshold to that block's size, up to 32 MB, and its trim threshold to twice
 * that, so later blocks of that size come from arenas it never trims. Fixed thresholds give every
 * block over 128 KB a mapping of its own, returned to the kernel when freed, and two arenas bound
 * what small blocks leave behind. A photoshoot's peak fell from about 1.05 GB to 0.8 GB
 * (bench/README.md, "Memory"). Other C libraries (musl, macOS) ignore these names; values already
 * in the environment are kept.
 */
import('../dist/cli.js').catch((err) => {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND') {
    console.error('photoshoot is not built yet: run `npm run build` first.');
    process.exit(1);
  }
  throw err;
});
