/** Reads what the server mailed through the dev outbox (`GET /api/mail/outbox`, superusers). */
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/harness.js';

type OutboxItem = { to: string; subject: string; text: string };

/** The text of the newest mail to `address`. */
export async function lastMailTo(t: TestServer, su: PocketBase, address: string): Promise<string> {
  await t.app.mailer.idle();
  const { items } = await su.send<{ items: OutboxItem[] }>('/api/mail/outbox', { query: { perPage: 500 } });
  const mail = items.find((m) => m.to.toLowerCase().includes(address.toLowerCase()));
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail.text;
}

/** The code of the newest OTP mail to `address`. */
export async function otpCodeTo(t: TestServer, su: PocketBase, address: string): Promise<string> {
  const m = /^(\d{4,12})$/m.exec(await lastMailTo(t, su, address));
  if (!m) throw new Error(`no code in the last mail to ${address}`);
  return m[1]!;
}

/** The `token` of the newest mail to `address` linking to `path`. */
export async function linkTokenTo(
  t: TestServer,
  su: PocketBase,
  address: string,
  path: string,
): Promise<string> {
  const text = await lastMailTo(t, su, address);
  const m = new RegExp(`${path}\\?token=([^\\s&]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(m[1]!);
}
