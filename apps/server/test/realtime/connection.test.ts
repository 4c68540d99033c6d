/** Realtime connection lifecycle: idle connections close, and the SDK reconnects after a server restart. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import PocketBase, { type RecordSubscription } from 'pocketbase';
import { App } from '../../src/core/app.js';
import { createServer } from '../../src/apis/server.js';
import { scenarioCollections } from '../support/fixtures.js';
import { modules } from '../../src/modules.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function boot(dataDir: string, port: number, realtime?: { idleMs: number; lifetimeMs: number }) {
  const app = await App.open({
    dataDir,
    db: { kind: 'sqlite', dataDir },
    modules,
    extraCollections: scenarioCollections,
  });
  const server = await createServer(app, { realtime });
  await server.listen({ host: '127.0.0.1', port });
  const address = server.server.address() as { port: number };
  return {
    port: address.port,
    close: async () => {
      await server.close();
      await app.close();
    },
  };
}

describe('realtime connections', () => {
  it('closes a connection that has been idle past the timeout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rt-idle-'));
    const s = await boot(dir, 0, { idleMs: 300, lifetimeMs: 60_000 });
    cleanups.push(async () => {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${s.port}/api/realtime`);
    const text = await res.text(); // resolves when the server ends the stream
    expect(text).toContain('event:PB_CONNECT');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('lets the SDK reconnect and resubscribe after the server restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rt-restart-'));
    let s = await boot(dir, 0);
    const port = s.port;
    cleanups.push(async () => {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const pb = new PocketBase(`http://127.0.0.1:${port}`);
    const seen: RecordSubscription[] = [];
    let disconnects = 0;
    pb.realtime.onDisconnect = () => disconnects++;
    await pb.collection('pub').subscribe('*', (e) => seen.push(e));
    await s.close();
    s = await boot(dir, port);
    const writer = new PocketBase(`http://127.0.0.1:${port}`);
    // The SDK retries with its own delays (200 ms … 2 s); keep writing until an event arrives.
    for (let i = 0; i < 60 && seen.length === 0; i++) {
      await writer.collection('pub').create({ title: `after restart ${i}` });
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(disconnects).toBeGreaterThanOrEqual(1);
    expect(seen[0]?.action).toBe('create');
    pb.realtime.unsubscribe();
  });
});
