/**
 * The dev outbox: with SMTP off, each mail is written under `<dataDir>/outbox/` as JSON (for the
 * API) and .eml (to open in a mail client), so a fresh install can still reset a password.
 * Files are private to the server user because they hold live tokens.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { newId } from '../../tools/random.js';
import { formatDate } from '../../tools/dates.js';
import type { MailMessage, Sender } from './message.js';

export type OutboxItem = {
  id: string;
  date: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
};

let sequence = 0;

function fileStem(now: Date, id: string): string {
  // note: the name sorts by time (then by a per-process sequence for mails within one millisecond).
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${String(++sequence % 1_000_000).padStart(6, '0')}-${id}`;
}

function formatSender(from: Sender): string {
  return from.name ? `${from.name} <${from.address}>` : from.address;
}

/** Writes the mail and returns the path of its JSON file. */
export async function saveToOutbox(dir: string, from: Sender, message: MailMessage): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const now = new Date();
  const id = newId();
  const stem = fileStem(now, id);
  const item: OutboxItem = { id, date: formatDate(now), from: formatSender(from), ...message };
  const eml = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    .sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      date: now,
    });
  const jsonPath = join(dir, `${stem}.json`);
  await writeFile(join(dir, `${stem}.eml`), eml.message as Buffer, { mode: 0o600 });
  await writeFile(jsonPath, `${JSON.stringify(item, null, 2)}\n`, { mode: 0o600 });
  return jsonPath;
}

/** The newest `limit` mails, newest first, and how many there are in all. */
export async function listOutbox(
  dir: string,
  limit: number,
): Promise<{ total: number; items: OutboxItem[] }> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { total: 0, items: [] };
    throw err;
  }
  names.sort().reverse();
  const items: OutboxItem[] = [];
  for (const name of names.slice(0, limit)) {
    try {
      items.push(JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxItem);
    } catch {
      // note: a file being written right now, or edited by hand, is skipped rather than failing the list.
    }
  }
  return { total: names.length, items };
}
