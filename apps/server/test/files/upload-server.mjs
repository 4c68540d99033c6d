// A server in a child process, so an upload test can measure the server's memory alone.
// Sources are TypeScript, so they load through Vite's module runner (the same transform vitest uses).
// Run with `node --expose-gc upload-server.mjs <dataDir> <db config JSON>`; reports `{url}` over IPC.
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { createServer as createVite, createServerModuleRunner } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const [dataDir, dbJson] = process.argv.slice(2);

const vite = await createVite({
  root,
  configFile: false,
  logLevel: 'silent',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const runner = createServerModuleRunner(vite.environments.ssr, { hmr: false });
const { App } = await runner.import('/src/core/app.ts');
const { createServer } = await runner.import('/src/apis/server.ts');
const { modules } = await runner.import('/src/modules.ts');
const { fbig } = await runner.import('/test/files/support.ts');

const app = await App.open({ dataDir, db: JSON.parse(dbJson), modules, extraCollections: [fbig] });
const server = await createServer(app);
await server.listen({ host: '127.0.0.1', port: 0 });

process.on('message', async (msg) => {
  if (msg === 'gc') {
    globalThis.gc?.();
    globalThis.gc?.();
    process.send({ gc: true });
  } else if (msg === 'stop') {
    await server.close();
    await app.close();
    await runner.close();
    await vite.close();
    process.exit(0);
  }
});
process.send({ url: `http://127.0.0.1:${server.server.address().port}` });
