/**
 * What the operators must hear about a generation provider's account: today, that it is out of
 * credit (the provider answered 402). Customers' jobs are not failed for it: the runner holds them
 * in the queue (`HELD_STAGE`) and tries again every `CREDIT_RECHECK_SECONDS`, so they resume on
 * their own once credit is back; a successful "test connection" resumes them at once. The alert
 * is one `_params` row per provider: raising it when it is already up changes nothing, so the
 * operators get one mail per episode however many jobs hit the 402, and the back-office overview
 * shows it as a banner until a submission to that provider is accepted again.
 */
import type { App } from '../../core/app.js';
import { appLink } from '../../core/mail/app-link.js';
import { renderMail } from '../../core/mail/layout.js';
import { q } from '../../core/db/db.js';
import { nowString } from '../../tools/dates.js';

/** The stage of a job held for its provider (what the customer's progress line says meanwhile). */
export const HELD_STAGE = 'Waiting for the generation service';
/** How often a held job is tried again: one submission the provider refuses for free. */
export const CREDIT_RECHECK_SECONDS = 300;

export type ProviderAlert = { provider: string; kind: 'out_of_credit'; since: string; message: string };

const PREFIX = 'providerAlert:';
/** One alert per provider however its name is written ("Replicate" in messages, `replicate` in settings). */
const keyOf = (provider: string) => PREFIX + provider.toLowerCase();

/**
 * Records that `provider`'s account is out of credit and, the first time of an episode, mails
 * every operator (queued with the record, so both happen or neither). True when newly raised.
 */
export async function raiseCreditAlert(app: App, provider: string, message: string): Promise<boolean> {
  const alert: ProviderAlert = {
    provider,
    kind: 'out_of_credit',
    since: nowString(),
    message: message.slice(0, 300),
  };
  const raised = await app.db.transaction(async (tx) => {
    const res = await tx.run(
      `INSERT INTO "_params" ("id", "value") VALUES (?, ?) ON CONFLICT ("id") DO NOTHING`,
      [keyOf(provider), JSON.stringify(alert)],
    );
    if (res.changes !== 1) return false;
    const operators = await tx.all<{ email: string }>(
      `SELECT "email" FROM ${q('_superusers')} WHERE "email" <> '' ORDER BY "created"`,
    );
    const meta = app.settings.get().meta;
    const mail = renderMail(meta, {
      subject: `${provider} is out of credit: photoshoots are waiting`,
      heading: `${provider} is out of credit`,
      paragraphs: [
        `${provider} refused new work because the account has no credit left (${alert.message}).`,
        `No photoshoot fails for this: they wait in the queue and are tried again every ${CREDIT_RECHECK_SECONDS / 60} minutes. ` +
          `Add credit at ${provider}, then press "Test connection" in the processing settings to resume them at once.`,
      ],
      action: { label: 'Open the back office', url: appLink(meta.appURL, '/admin') },
      footnote:
        'You receive this email because you are an operator. It is sent once until the provider accepts work again.',
    });
    for (const { email } of operators) await app.mailer.queue({ to: email, ...mail }, { db: tx });
    return true;
  });
  if (raised) app.mailer.deliverQueued();
  return raised;
}

/** The provider took work again: the alert goes (a later 402 starts a new episode, with a mail). */
export async function clearProviderAlert(app: App, provider: string): Promise<void> {
  await app.db.run(`DELETE FROM "_params" WHERE "id" = ?`, [keyOf(provider)]);
}

/** Alerts standing now, oldest first (the back-office overview's banner). */
export async function providerAlerts(app: App): Promise<ProviderAlert[]> {
  const rows = await app.db.all<{ value: string }>(`SELECT "value" FROM "_params" WHERE "id" LIKE ?`, [
    `${PREFIX}%`,
  ]);
  const alerts: ProviderAlert[] = [];
  for (const row of rows) {
    try {
      alerts.push(JSON.parse(row.value) as ProviderAlert);
    } catch {
      // note: a row we cannot read is not ours to show.
    }
  }
  return alerts.sort((a, b) => a.since.localeCompare(b.since));
}

/** Makes every held job claimable now (an operator says credit is back). Returns how many. */
export async function resumeHeldJobs(app: App): Promise<number> {
  const res = await app.db.run(
    `UPDATE ${q('photoshoots')} SET "leaseExpiresAt" = '' WHERE "status" = 'queued' AND "stage" = ? AND "leaseExpiresAt" <> ''`,
    [HELD_STAGE],
  );
  return res.changes;
}
