/**
 * What the back office shows about customers beyond their `users` record
 * (`GET /api/admin/users/summaries?ids=…`): how many photoshoots each has, when they last did
 * anything, and how they can sign in. The list itself (search, sort, pages) is the records API's;
 * this fills in one page of it in three queries, whatever the page's size.
 */
import type { App } from '../../core/app.js';
import { q } from '../../core/db/db.js';
import { ValidationErrors } from '../../core/errors.js';

export type UserSignInMethods = {
  /**
   * The collection signs in with a password. Every account has one: an account created through an
   * OAuth2 provider gets a random one, usable only after a password reset.
   */
  password: boolean;
  /** The OAuth2 providers linked to the account (`_externalAuths`), by name. */
  oauth2: string[];
  /** A one-time code by mail is offered to this collection (`settings.otp`). */
  otp: boolean;
  /** A second factor is required for this collection (`settings.mfa`). */
  mfa: boolean;
};

export type AdminUserSummary = {
  id: string;
  photoshoots: number;
  /** The latest change to the account or one of its photoshoots. */
  lastActivity: string;
  signIn: UserSignInMethods;
};

/** One page of the users list at most: a bigger request is a mistake, not a need. */
export const MAX_SUMMARY_IDS = 100;
const ID = /^[A-Za-z0-9_-]{1,100}$/;

/** `ids` as the query string carries it (comma-separated) → distinct ids, or a 400 on `ids`. */
export function parseSummaryIds(raw: string | undefined): string[] {
  const ids = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const errors = new ValidationErrors();
  if (!ids.length) errors.add('ids', 'validation_required', 'Give at least one user id.');
  else if (ids.length > MAX_SUMMARY_IDS)
    errors.add('ids', 'validation_max_items', `At most ${MAX_SUMMARY_IDS} ids at once.`);
  else if (!ids.every((id) => ID.test(id)))
    errors.add('ids', 'validation_invalid_value', 'Ids are letters, digits, "_" or "-".');
  errors.throwIfAny('An error occurred while validating the submitted data.');
  return ids;
}

const later = (a: string, b: string) => (a > b ? a : b);

/** The summaries of the users among `ids` that exist, in the order of `ids`. */
export async function adminUserSummaries(app: App, ids: string[]): Promise<AdminUserSummary[]> {
  const users = app.registry.require('users');
  const photoshoots = app.registry.find('photoshoots');
  const links = app.registry.require('_externalAuths');
  const marks = ids.map(() => '?').join(',');

  const accounts = await app.db.all<{ id: string; updated: string }>(
    `SELECT "id", "updated" FROM ${q(users.name)} WHERE "id" IN (${marks})`,
    ids,
  );
  const shoots = photoshoots
    ? await app.db.all<{ user: string; n: number; last: string | null }>(
        `SELECT "user", COUNT(*) AS "n", MAX("updated") AS "last" FROM ${q(photoshoots.name)} ` +
          `WHERE "user" IN (${marks}) GROUP BY "user"`,
        ids,
      )
    : [];
  const linked = await app.db.all<{ recordRef: string; provider: string }>(
    `SELECT "recordRef", "provider" FROM ${q(links.name)} WHERE "collectionRef" = ? AND "recordRef" IN (${marks}) ORDER BY "provider"`,
    [users.id, ...ids],
  );

  const { otp, mfa } = app.settings.get();
  const offers = (o: { enabled: boolean; collections: string[] }) =>
    o.enabled === true && o.collections.includes(users.name);
  const byUser = new Map(shoots.map((s) => [s.user, s]));
  const found = new Map(accounts.map((a) => [a.id, a]));

  return ids.flatMap((id) => {
    const account = found.get(id);
    if (!account) return [];
    const s = byUser.get(id);
    return [
      {
        id,
        photoshoots: s?.n ?? 0,
        lastActivity: later(account.updated, s?.last ?? ''),
        signIn: {
          password: users.auth?.passwordAuth.enabled ?? false,
          oauth2: linked.filter((l) => l.recordRef === id).map((l) => l.provider),
          otp: offers(otp),
          mfa: offers(mfa),
        },
      },
    ];
  });
}
