/**
 * The one look of every mail we send: a heading, paragraphs, an optional code, button, detail
 * rows and footnote, rendered as HTML (every value escaped) and as plain text. Features build a
 * `MailContent` and call `renderMail`; nothing else writes mail markup.
 */
import { escapeHtml } from './escape-html.js';

export type MailMeta = { appName: string; appURL: string };

export type MailContent = {
  subject: string;
  heading: string;
  /** Plain text; each becomes a paragraph. */
  paragraphs: string[];
  /** A code the reader types in (OTP), shown large. */
  code?: string;
  /** The main call to action; the URL is also printed so it can be copied. */
  action?: { label: string; url: string };
  /** Label/value rows (a receipt's lines, a job's summary). */
  details?: { label: string; value: string }[];
  /** Small print under everything else. */
  footnote?: string;
};

export type RenderedMail = { subject: string; html: string; text: string };

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function isWebUrl(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

function htmlBody(meta: MailMeta, c: MailContent): string {
  const e = escapeHtml;
  const parts: string[] = [];
  parts.push(
    `<h1 style="margin:0 0 16px;font-size:20px;line-height:28px;color:#111827;">${e(c.heading)}</h1>`,
  );
  for (const p of c.paragraphs)
    parts.push(`<p style="margin:0 0 16px;font-size:15px;line-height:24px;color:#374151;">${e(p)}</p>`);
  if (c.code) {
    parts.push(
      `<p style="margin:8px 0 24px;font-size:28px;letter-spacing:6px;font-weight:700;font-family:ui-monospace,Menlo,Consolas,monospace;color:#111827;">${e(c.code)}</p>`,
    );
  }
  // note: only http(s) links become buttons, so a bad appURL can never yield a javascript: href.
  if (c.action && isWebUrl(c.action.url)) {
    const url = e(c.action.url);
    parts.push(
      `<p style="margin:8px 0 24px;"><a href="${url}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#111827;color:#ffffff;font-size:15px;font-weight:600;text-decoration:none;">${e(c.action.label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#6b7280;">If the button does not work, open this link:<br><a href="${url}" style="color:#2563eb;word-break:break-all;">${url}</a></p>`,
    );
  }
  if (c.details?.length) {
    const rows = c.details
      .map(
        (d) =>
          `<tr><td style="padding:6px 12px 6px 0;color:#6b7280;">${e(d.label)}</td><td style="padding:6px 0;color:#111827;text-align:right;">${e(d.value)}</td></tr>`,
      )
      .join('');
    parts.push(
      `<table role="presentation" style="width:100%;margin:0 0 16px;border-collapse:collapse;font-size:14px;">${rows}</table>`,
    );
  }
  if (c.footnote)
    parts.push(
      `<p style="margin:16px 0 0;font-size:13px;line-height:20px;color:#6b7280;">${e(c.footnote)}</p>`,
    );
  const home = isWebUrl(meta.appURL)
    ? `<a href="${e(meta.appURL)}" style="color:#6b7280;">${e(meta.appName)}</a>`
    : e(meta.appName);
  return [
    '<!DOCTYPE html>',
    `<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(c.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:${FONT};">`,
    '<table role="presentation" width="100%" style="border-collapse:collapse;"><tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="100%" style="max-width:560px;border-collapse:collapse;background:#ffffff;border-radius:8px;">',
    `<tr><td style="padding:32px;">${parts.join('')}</td></tr></table>`,
    `<p style="margin:16px 0 0;font-size:12px;color:#9ca3af;">${home}</p>`,
    '</td></tr></table></body></html>',
  ].join('\n');
}

function textBody(meta: MailMeta, c: MailContent): string {
  const blocks: string[] = [c.heading, ...c.paragraphs];
  if (c.code) blocks.push(c.code);
  if (c.action) blocks.push(`${c.action.label}: ${c.action.url}`);
  if (c.details?.length) blocks.push(c.details.map((d) => `${d.label}: ${d.value}`).join('\n'));
  if (c.footnote) blocks.push(c.footnote);
  blocks.push(`-- \n${meta.appName}\n${meta.appURL}`);
  return `${blocks.join('\n\n')}\n`;
}

/** Renders `content` in the shared layout; the subject is flattened to one line. */
export function renderMail(meta: MailMeta, content: MailContent): RenderedMail {
  return {
    subject: content.subject.replace(/\s+/g, ' ').trim(),
    html: htmlBody(meta, content),
    text: textBody(meta, content),
  };
}
