/** Mail for every feature: `app.mailer.send(...)` with content from `renderMail` (the shared layout). */
export { Mailer } from './mailer.js';
export type { MailMessage } from './message.js';
export { renderMail, type MailContent, type MailMeta, type RenderedMail } from './layout.js';
export { appLink, humanDuration } from './app-link.js';
export { escapeHtml } from './escape-html.js';
