/**
 * The team mails: an invitation, a reminder to submit, and the note to team admins that everyone
 * who submitted is ready. Names the team's people chose go in as plain text (`plainName`). Each goes out through `sendTeamMail`, the one place that hands mail to
 * the mailer's durable queue (retried until an SMTP server accepts it).
 */
import type { App } from '../../core/app.js';
import { appLink } from '../../core/mail/app-link.js';
import { renderMail, type MailMeta } from '../../core/mail/layout.js';
import type { MailMessage } from '../../core/mail/message.js';
import { plainName } from '../../core/mail/plain-name.js';

function meta(app: App): MailMeta {
  const s = app.settings.get().meta;
  return { appName: s.appName, appURL: s.appURL };
}

/** Queues one team mail, after the caller's transaction has committed; it is delivered in the background. */
export function sendTeamMail(app: App, message: MailMessage, expiresAt?: Date): Promise<void> {
  return app.mailer.queue(message, { expiresAt });
}

/**
 * Who sent an invitation, in words: the name they gave (plain text) and the address they verified,
 * so the person invited can tell who asked (an operator's invitation has neither).
 */
function inviterWords(inviter: { name: string; email: string }): string {
  const name = plainName(inviter.name, 40);
  if (!inviter.email) return name || 'A team admin';
  return name ? `${name} (${inviter.email})` : inviter.email;
}

export function inviteMail(
  app: App,
  to: string,
  invite: { token: string; teamName: string; inviter: { name: string; email: string } },
): MailMessage {
  const m = meta(app);
  const team = plainName(invite.teamName);
  return {
    to,
    ...renderMail(m, {
      subject: `You are invited to join ${team} on ${m.appName}`,
      heading: `Join ${team}`,
      paragraphs: [
        `${inviterWords(invite.inviter)} invited you to get professional headshots with the team "${team}" on ${m.appName}.`,
        'Open the link, sign in or create an account, upload a few selfies and your portraits are made in the team look. The team covers the cost.',
      ],
      action: { label: 'Join the team', url: appLink(m.appURL, `/teams/invite/${invite.token}`) },
      footnote: 'If you did not expect this invitation, you can ignore this email.',
    }),
  };
}

export function reminderMail(app: App, to: string, team: { id: string; name: string }): MailMessage {
  const m = meta(app);
  const name = plainName(team.name);
  return {
    to,
    ...renderMail(m, {
      subject: `Your ${name} headshots are waiting`,
      heading: 'Your team headshots are waiting',
      paragraphs: [
        `Your team ${name} has a headshot for you, and you have not sent your photos yet.`,
        'It takes a few minutes: upload some selfies, check the styles and submit. We will email you when your portraits are ready.',
      ],
      action: { label: 'Start my headshots', url: appLink(m.appURL, `/teams/${team.id}/photoshoots`) },
      footnote: `You received this email because you are a member of ${name}.`,
    }),
  };
}

export function allReadyMail(
  app: App,
  to: string,
  team: { id: string; name: string; ready: number },
): MailMessage {
  const m = meta(app);
  const name = plainName(team.name);
  const people = `${team.ready} member${team.ready === 1 ? '' : 's'}`;
  return {
    to,
    ...renderMail(m, {
      subject: `Everyone's headshots in ${name} are ready`,
      heading: 'Your team is ready',
      paragraphs: [
        `Every member of ${name} who submitted photos so far has their portraits: ${people}.`,
        'Open the team dashboard to look through them and download everything as one zip.',
      ],
      action: {
        label: 'Open the dashboard',
        url: appLink(m.appURL, `/teams/${team.id}/photoshoots/dashboard`),
      },
      footnote: `You received this email because you manage ${name}.`,
    }),
  };
}
