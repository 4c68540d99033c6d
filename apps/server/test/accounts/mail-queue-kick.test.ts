/**
 * A mail queued while the delivery loop is scheduling its next wake-up is still delivered in that
 * run (it found the loop running, so it only asked for another pass): `idle()` means "attempted".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/core/db/connect.js';
import type { Db } from '../../src/core/db/db.js';
import { addMailQueueExpiry, createMailQueueTable } from '../../src/core/mail/mail-queue-migration.js';
import { insertMail } from '../../src/core/mail/mail-queue-store.js';
import { MailQueue } from '../../src/core/mail/mail-queue.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('mail queue passes', () => {
  it('delivers a mail queued while the loop schedules its next wake-up', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'photoshoot-mailq-'));
    dirs.push(dataDir);
    const db = connect({ kind: 'sqlite', dataDir });
    await createMailQueueTable(db);
    await addMailQueueExpiry(db);
    const delivered: string[] = [];
    const holder: { queue?: MailQueue } = {};
    let raced = false;
    // The first look for the next wake-up is where the second mail arrives, with its kick.
    const racing = new Proxy(db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop !== 'get' || typeof value !== 'function') return value;
        return async (sql: string, params?: unknown[]) => {
          if (!raced && sql.includes('MIN("nextAttempt")')) {
            raced = true;
            await insertMail(db, { to: 'b@example.com', subject: 'second', text: 'b', html: '<p>b</p>' });
            holder.queue!.kick();
          }
          return (value as Db['get']).call(target, sql, params);
        };
      },
    });
    const queue = new MailQueue(
      racing,
      async (m) => void delivered.push(m.subject),
      () => {},
    );
    holder.queue = queue;
    await insertMail(db, { to: 'a@example.com', subject: 'first', text: 'a', html: '<p>a</p>' });
    queue.kick();
    await queue.idle();
    expect(raced).toBe(true);
    expect(delivered.sort()).toEqual(['first', 'second']);
    await queue.close();
    await db.close();
  });
});
