import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { redactUrl } from '../../src/core/logs/redact.js';
import { buildTeam } from '../teams/support.js';

describe.each(engines)('secrets in URL paths never reach the request log (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t.close());

  it('an invite token previewed and accepted is not readable through GET /api/logs', async () => {
    const team = await buildTeam(t, 'Logged');
    const { items } = await team.admin.pb.send<{ items: { token: string }[] }>(
      `/api/teams/${team.id}/invites`,
      {
        method: 'POST',
        body: { role: 'admin' },
      },
    );
    const token = items[0]!.token;
    const joiner = await t.user();
    await joiner.pb.send(`/api/teams/invites/${token}`, {
      headers: { referer: `http://app.example/teams/invite/${token}?from=mail` },
    });
    await joiner.pb.send(`/api/teams/invites/${token}/accept`, { method: 'POST' });
    await t.app.logs.flush();
    const su = await t.superuser();
    const { items: logs } = await su.logs.getList(1, 50, { filter: `data.url ~ '/api/teams/invites/'` });
    expect(logs.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(logs);
    expect(text).not.toContain(token);
    expect(text).toContain('/api/teams/invites/REDACTED/accept');
    expect(text).toContain('/teams/invite/REDACTED?from=mail');
  });

  it('keeps record ids, file names and ordinary words in paths', () => {
    expect(redactUrl('/api/files/abc123def456ghi/rec123rec123rec/photo_ab12cd34ef.jpg?thumb=100x100')).toBe(
      '/api/files/abc123def456ghi/rec123rec123rec/photo_ab12cd34ef.jpg?thumb=100x100',
    );
    expect(redactUrl('/api/collections/users/records/abcdefghijklmno')).toBe(
      '/api/collections/users/records/abcdefghijklmno',
    );
    expect(redactUrl('/reset/eyJhbGciOiJIUzI1NiJ9.eyJpZCI6IjEifQ.c2ln')).toBe('/reset/REDACTED');
  });
});
