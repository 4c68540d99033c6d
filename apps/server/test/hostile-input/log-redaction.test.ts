import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { serverLoggerOptions } from '../../src/apis/server-logger.js';
import { redactConsole } from '../../src/core/logs/console-redaction.js';

/** Every line the logger writes, as text (what an operator's log file would hold). */
function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => lines.push(line) } };
}

// Fastify's request logging once wrote every URL to stdout, file tokens included, and a
// backup download URL copied from the log was replayed.
describe.each(engines)('no secret in any log line (%s)', (engine) => {
  let t: TestServer;
  const out = capture();
  beforeAll(async () => {
    t = await startServer({ engine, logger: serverLoggerOptions({ level: 'info', stream: out.stream }) });
  });
  afterAll(() => t.close());

  it('redacts file tokens, Authorization, cookies and webhook signatures from request logs', async () => {
    const su = await t.superuser();
    const fileToken = await su.files.getToken();
    const authToken = su.authStore.token;
    const cookie = 'pb_auth=cookie-secret-4711';
    const signature = 't=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd';

    await fetch(`${t.url}/api/backups/any.zip?token=${fileToken}`);
    await fetch(`${t.url}/api/collections/users/records`, { headers: { authorization: authToken, cookie } });
    await fetch(`${t.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
      body: '{}',
    });
    t.server.log.error(
      {
        err: new Error(
          `download of ${t.url}/api/backups/x.zip?token=${fileToken} failed (Bearer ${authToken})`,
        ),
      },
      `replay /api/files/a/b/c.png?token=${fileToken}`,
    );
    t.server.log.info(
      { headers: { authorization: authToken, 'stripe-signature': signature, cookie } },
      'headers',
    );

    const all = out.lines.join('');
    expect(out.lines.length).toBeGreaterThan(5);
    for (const secret of [
      fileToken,
      authToken,
      'cookie-secret-4711',
      '5257a869e7ecebeda32affa62cdca3fa51cad7e',
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('/api/backups/any.zip?token=REDACTED');
    expect(all).toContain('Bearer REDACTED');
    expect(all).toContain('"authorization":"REDACTED"');
    expect(all).toContain('"stripe-signature":"REDACTED"');
  });
});

describe('console redaction', () => {
  it('redacts tokens, connection-string passwords and Stripe keys written to the console', () => {
    const written: string[] = [];
    const target = { log: (s: string) => written.push(s) } as unknown as Console;
    for (const m of ['info', 'warn', 'error', 'debug'] as const)
      (target as unknown as Record<string, unknown>)[m] = target.log;
    redactConsole(target);
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6IngifQ.c2lnbmF0dXJl';
    target.error(
      '[payments] failed:',
      new Error('connect postgres://app:db-pass-99@10.0.0.1/x with sk_live_abc123XYZ'),
    );
    target.log(`GET /api/files/a/b/c.png?thumb=100x100&token=${jwt}`);
    const all = written.join('\n');
    expect(all).not.toContain('db-pass-99');
    expect(all).not.toContain('sk_live_abc123XYZ');
    expect(all).not.toContain(jwt);
    expect(all).toContain('postgres://REDACTED@10.0.0.1/x');
    expect(all).toContain('?thumb=100x100&token=REDACTED');
  });
});
