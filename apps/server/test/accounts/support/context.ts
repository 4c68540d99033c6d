/**
 * One server per engine with the scenario collections, wired to a loopback SMTP server through the
 * settings API, plus helpers to read the mail a flow sent.
 */
import PocketBase from 'pocketbase';
import { startServer, type Engine, type TestServer } from '../../support/harness.js';
import { scenarioCollections } from '../../support/fixtures.js';
import type { CollectionDef } from '../../../src/core/schema/collection.js';
import { startSmtp, type Delivered, type TestSmtp } from './smtp.js';

export type AccountsContext = {
  t: TestServer;
  smtp: TestSmtp;
  su: PocketBase;
  /** Waits for background sends, then returns the mails delivered to `address`. */
  mailsTo(address: string): Promise<Delivered[]>;
  /** The one mail delivered to `address` (fails the test when there is not exactly one). */
  onlyMailTo(address: string): Promise<Delivered>;
  close(): Promise<void>;
};

export async function startAccounts(
  engine: Engine,
  opts: { collections?: CollectionDef[]; smtpAuth?: { user: string; pass: string } } = {},
): Promise<AccountsContext> {
  const t = await startServer({ engine, collections: [...scenarioCollections, ...(opts.collections ?? [])] });
  const smtp = await startSmtp({ auth: opts.smtpAuth });
  const su = await t.superuser();
  // note: rate limits are another feature with its own tests; these tests send many requests from one IP.
  await su.settings.update({
    rateLimits: { enabled: false },
    meta: {
      appName: 'Photoshoot Test',
      appURL: 'https://photos.example.test/app',
      senderName: 'Photoshoot Team',
      senderAddress: 'hello@photos.example.test',
    },
    smtp: {
      enabled: true,
      host: '127.0.0.1',
      port: smtp.port,
      tls: false,
      username: opts.smtpAuth?.user ?? '',
      password: opts.smtpAuth?.pass ?? '',
    },
  });
  const mailsTo = async (address: string) => {
    await t.app.mailer.idle();
    return smtp.to(address);
  };
  return {
    t,
    smtp,
    su,
    mailsTo,
    async onlyMailTo(address) {
      const mails = await mailsTo(address);
      if (mails.length !== 1) throw new Error(`expected one mail to ${address}, got ${mails.length}`);
      return mails[0]!;
    },
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

/** The `token` query value of the first link to `path` in a mail's text. */
export function linkToken(mail: Delivered, path: string): string {
  const m = new RegExp(`https://photos\\.example\\.test/app${path}\\?token=([^\\s&]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return decodeURIComponent(m[1]!);
}

export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
