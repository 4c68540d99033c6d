/** The IPC side shared by both bench servers: listen, report the port, answer CPU probes, stop. */
export async function serveChild(server, close) {
  await server.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.server.address();
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    try {
      await close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop); // the parent died: do not linger
  process.on('message', (/** @type {any} */ msg) => {
    if (msg?.type === 'cpu')
      process.send({
        type: 'cpu',
        id: msg.id,
        usage: process.cpuUsage(),
        rss: process.memoryUsage().rss,
        monoUs: Number(process.hrtime.bigint() / 1000n),
      });
    if (msg?.type === 'stop') void stop();
  });
  process.send({ type: 'ready', port });
}

/**
 * The server child of the latency benches (stall.mjs, upload-checks.mjs): the built App on
 * SQLite in `BENCH_DATA_DIR`, rate limits off (the load comes from one address), answering `eld`
 * with its event-loop delay since the last ask.
 */
export async function serveBuiltApp() {
  const { App } = await import('../dist/core/app.js');
  const { createServer } = await import('../dist/apis/server.js');
  const { modules } = await import('../dist/modules.js');
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const dataDir = process.env.BENCH_DATA_DIR;
  const app = await App.open({ dataDir, db: { kind: 'sqlite', dataDir }, modules });
  await app.settings.patch({ rateLimits: { enabled: false } });
  const server = await createServer(app);
  const eld = monitorEventLoopDelay({ resolution: 5 });
  eld.enable();
  process.on('message', (/** @type {any} */ m) => {
    if (m?.type !== 'eld') return;
    process.send({
      type: 'eld',
      p50: eld.percentile(50) / 1e6,
      p99: eld.percentile(99) / 1e6,
      max: eld.max / 1e6,
    });
    eld.reset();
  });
  await serveChild(server, async () => {
    await server.close();
    await app.close();
  });
}
