/**
 * Just enough MIME to read what our mailer sends: headers (folded, RFC 2047 words), multipart
 * bodies, quoted-printable and base64 parts. (`mailparser` is not installable here.)
 */

export type ParsedMail = {
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  text: string;
  html: string;
};

type Entity = { headers: Record<string, string>; body: string };

function splitEntity(raw: string): Entity {
  const m = /\r?\n\r?\n/.exec(raw);
  const head = m ? raw.slice(0, m.index) : raw;
  const body = m ? raw.slice(m.index + m[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

export function decodeQuotedPrintable(input: string): string {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes `=?charset?Q|B?...?=` words (and drops the whitespace between adjacent ones). */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeBody(entity: Entity): string {
  const encoding = (entity.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(entity.body);
  if (encoding === 'base64') return Buffer.from(entity.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return entity.body;
}

function collectParts(entity: Entity, out: { text: string; html: string }): void {
  const type = (entity.headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(entity.headers['content-type'] ?? '')?.[1];
    if (!boundary) return;
    const parts: string[][] = [];
    let current: string[] | null = null;
    for (const line of entity.body.split(/\r?\n/)) {
      if (line === `--${boundary}`) parts.push((current = []));
      else if (line === `--${boundary}--`) current = null;
      else current?.push(line);
    }
    for (const lines of parts) collectParts(splitEntity(lines.join('\r\n')), out);
    return;
  }
  if (type.startsWith('text/html')) out.html ||= decodeBody(entity);
  else if (type.startsWith('text/plain')) out.text ||= decodeBody(entity);
}

export function parseMail(raw: string): ParsedMail {
  const entity = splitEntity(raw);
  const out = { text: '', html: '' };
  collectParts(entity, out);
  const h = entity.headers;
  return {
    headers: h,
    subject: decodeWords(h.subject ?? ''),
    from: decodeWords(h.from ?? ''),
    to: decodeWords(h.to ?? ''),
    ...out,
  };
}
