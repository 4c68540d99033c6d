/** The mails a photoshoot's owner gets when it is delivered or fails for good (shared layout). */
import { appLink } from '../../core/mail/app-link.js';
import { renderMail, type MailMeta, type RenderedMail } from '../../core/mail/layout.js';

export type ShootSummary = {
  id: string;
  title: string;
  /** Photos the owner can see now. */
  photos: number;
  /** Whether this delivery follows a redo or a regeneration round. */
  redo: boolean;
  /** Days after delivery before the uploaded selfies are deleted (0 = kept). */
  originalsRetentionDays: number;
};

function named(title: string): string {
  return title.trim() ? `"${title.trim()}"` : 'your photoshoot';
}

export function photosReadyMail(meta: MailMeta, s: ShootSummary): RenderedMail {
  const photos = `${s.photos} photo${s.photos === 1 ? '' : 's'}`;
  const retention = s.originalsRetentionDays
    ? ` For your privacy, the selfies you uploaded are deleted ${s.originalsRetentionDays} day${s.originalsRetentionDays === 1 ? '' : 's'} after delivery.`
    : '';
  return renderMail(meta, {
    subject: s.redo ? 'Your redone photos are ready' : 'Your photos are ready',
    heading: s.redo ? 'Your redone photos are ready' : 'Your photoshoot is ready',
    paragraphs: [
      s.redo
        ? `The photos you asked us to redo for ${named(s.title)} are done. Your photoshoot now has ${photos} ready for you.`
        : `Good news: ${photos} from ${named(s.title)} are ready.`,
      'Open your results to download them one by one or all at once as a zip, mark your favourites, and ask for a redo if one is not right.',
    ],
    action: { label: 'See your photos', url: appLink(meta.appURL, `/photoshoot/${s.id}/results`) },
    footnote: `You received this email because a photoshoot of yours was delivered.${retention}`,
  });
}

export function photoshootFailedMail(meta: MailMeta, s: Pick<ShootSummary, 'id' | 'title'>): RenderedMail {
  return renderMail(meta, {
    subject: 'We could not finish your photoshoot',
    heading: 'We could not finish your photoshoot',
    paragraphs: [
      `Something went wrong while we were creating the photos for ${named(s.title)}, and our automatic retries did not fix it. We are sorry for the wait.`,
      'What happens next: our team has been told and will look into it. Usually we can restart it, and you will get another email as soon as your photos are ready. If we cannot make it work, we will refund your payment in full.',
      'You do not need to do anything, and nothing you uploaded is lost.',
    ],
    action: { label: 'View your photoshoot', url: appLink(meta.appURL, `/photoshoot/${s.id}/processing`) },
    footnote: 'Questions? Write to us through the contact page and mention the link above.',
  });
}
