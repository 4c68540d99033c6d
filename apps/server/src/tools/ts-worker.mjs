// Starts a worker thread whose entry is a TypeScript source (tests and benches run from src/,
// where vitest compiles the main thread but not worker threads). Built code never comes here.
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

register('./ts-worker-loader.mjs', import.meta.url);
await import(pathToFileURL(process.argv[process.argv.length - 1]).href);
