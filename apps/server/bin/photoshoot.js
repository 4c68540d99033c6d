#!/usr/bin/env node
// A committed shim, so npm links the `photoshoot` bin at install time, before the first build.
import('../dist/cli.js').catch((err) => {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND') {
    console.error('photoshoot is not built yet: run `npm run build` first.');
    process.exit(1);
  }
  throw err;
});
