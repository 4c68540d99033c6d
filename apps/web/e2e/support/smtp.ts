import { SMTPServer } from 'smtp-server';

/** A mail as the real SMTP server received it. */
export type CaughtMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server (`smtp-server`) on 127.0.0.1 and an OS-chosen port that keeps every message
 * in memory, so a test can wait for the mail the app sent and follow its link.
 */
export async function startSmtp(): Promise<{
  port: number;
  mails: CaughtMail[];
  waitFor(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    mails,
    async waitFor(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => m.to.includes(to));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of a mail (quoted-printable soft breaks and =XX escapes undone). */
export function mailText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link in the mail that starts with `prefix`. */
export function linkIn(raw: string, prefix: string): string {
  const text = mailText(raw);
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"'<>]+`).exec(text);
  if (!match) throw new Error(`no link starting with ${prefix} in the mail`);
  return match[0].replace(/&amp;/g, '&');
}
