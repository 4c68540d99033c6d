import nodemailer from 'nodemailer';
import type { Settings } from '../settings/settings.js';
import type { MailMessage, Sender } from './message.js';

/**
 * Delivers one message over SMTP with the settings in force now, so a settings change applies to
 * the next mail without a restart. `tls` means implicit TLS (port 465); otherwise the connection
 * upgrades with STARTTLS when the server offers it.
 */
export async function sendSmtp(smtp: Settings['smtp'], from: Sender, message: MailMessage): Promise<void> {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.tls,
    auth: smtp.username ? { user: smtp.username, pass: smtp.password } : undefined,
    authMethod: smtp.authMethod || undefined,
    name: smtp.localName || undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  try {
    await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  } finally {
    transport.close();
  }
}
