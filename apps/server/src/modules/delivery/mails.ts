/** The mails a photoshoot's owner gets when it is delivered or fails for good (shared layout). */
import { appLink } from '../../core/mail/app-link.js';
import { renderMail, type MailMeta, type RenderedMail } from '../../core/mail/layout.js';

export type ShootSummary = {
  id: string;
  title: string;
  /** Portraits the owner can see now. */
  photos: number;
  /** Whether this delivery follows a redo or a regeneration round. */
  redo: boolean;
  /** Free redo rounds the owner still has (the mail offers a redo only while one is left). */
  redosLeft: number;
  /** Days after delivery before the uploaded selfies are deleted (0 = kept). */
  originalsRetentionDays: number;
};

function named(title: string): string {
  return title.trim() ? `"${title.trim()}"` : 'your photoshoot';
}

export function photosReadyMail(meta: MailMeta, s: ShootSummary): RenderedMail {
  // "portraits", as the app calls them: the customer's own photos are the selfies they uploaded.
  const portraits = `${s.photos} portrait${s.photos === 1 ? '' : 's'}`;
  const retention = s.originalsRetentionDays
    ? ` For your privacy, the selfies you uploaded are deleted ${s.originalsRetentionDays} day${s.originalsRetentionDays === 1 ? '' : 's'} after delivery.`
    : '';
  const next =
    s.redosLeft > 0
      ? 'Open your results to download them one by one or all at once as a zip, mark your favourites, and ask for a redo if one is not right.'
      : 'Open your results to download them one by one or all at once as a zip and mark your favourites. Your free redo round is used; if a portrait is still not right, write to us through the contact page.';
  return renderMail(meta, {
    subject: s.redo ? 'Your redone portraits are ready' : 'Your portraits are ready',
    heading: s.redo ? 'Your redone portraits are ready' : 'Your photoshoot is ready',
    paragraphs: [
      s.redo
        ? `The portraits you asked us to redo for ${named(s.title)} are done. Your photoshoot now has ${portraits} ready for you.`
        : `Good news: ${portraits} from ${named(s.title)} are ready.`,
      next,
    ],
    action: { label: 'See your portraits', url: appLink(meta.appURL, `/photoshoot/${s.id}/results`) },
    footnote: `You received this email because a photoshoot of yours was delivered.${retention}`,
  });
}

export function photoshootFailedMail(meta: MailMeta, s: Pick<ShootSummary, 'id' | 'title'>): RenderedMail {
  return renderMail(meta, {
    subject: 'We could not finish your photoshoot',
    heading: 'We could not finish your photoshoot',
    paragraphs: [
      `Something went wrong while we were creating the portraits for ${named(s.title)}, and our automatic retries did not fix it. We are sorry for the wait.`,
      'What happens next: our team has been told and will look into it. Usually we can restart it, and you will get another email as soon as your portraits are ready. If we cannot make it work, we will refund your payment in full.',
      'You do not need to do anything, and nothing you uploaded is lost.',
    ],
    action: { label: 'View your photoshoot', url: appLink(meta.appURL, `/photoshoot/${s.id}/processing`) },
    footnote: 'Questions? Write to us through the contact page and mention the link above.',
  });
}
