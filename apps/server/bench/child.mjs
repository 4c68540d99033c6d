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
