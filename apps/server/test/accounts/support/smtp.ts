/** A real SMTP server on loopback (the `smtp-server` package) that keeps every delivered message. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime.js';

export type Delivered = ParsedMail & { raw: string; envelope: { from: string; to: string[] }; user?: string };

export type TestSmtp = {
  port: number;
  messages: Delivered[];
  /** Messages whose envelope recipients include `address` (case-insensitive). */
  to(address: string): Delivered[];
  close(): Promise<void>;
};

export async function startSmtp(opts: { auth?: { user: string; pass: string } } = {}): Promise<TestSmtp> {
  const messages: Delivered[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mailFrom = session.envelope.mailFrom;
        messages.push({
          ...parseMail(raw),
          raw,
          envelope: {
            from: mailFrom ? mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    to: (address) =>
      messages.filter((m) => m.envelope.to.some((r) => r.toLowerCase() === address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
