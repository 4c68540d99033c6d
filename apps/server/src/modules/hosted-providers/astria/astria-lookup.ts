/**
 * Finding what an unanswered submission may have made at Astria, so a retry never pays twice.
 *
 * Astria answers 504 when a request takes more than its 30 s limit, and says the request was most
 * likely processed anyway; its idempotency (a repeated title returns the existing tune) is an
 * account setting that may be off (docs.astria.ai api/overview: "Error Codes", "Idempotency"). So a
 * resubmission first waits out the minute Astria asks for after a 504, then reads the account's
 * newest tunes (`GET /tunes`, matched on `title`, our job row id) or prompts (`GET /prompts`, matched
 * on the `job` of their callback URL). Both lists are newest first, at most 120 per page, paged with
 * `before_id` (api/tune/list, api/prompt/list); reading stops at objects older than our row.
 */
import type { Resubmission } from '../hosted-api.js';

/** Astria's advice: wait 60 s before retrying after a 504, for the first request to finish. */
export const RESUBMIT_WAIT_MS = 60_000;
const PAGE = 120;
const MAX_PAGES = 10;
/** Clock difference tolerated between Astria's `created_at` and our row's creation. */
const SKEW_MS = 10 * 60_000;

export type ListPage = (query: string) => Promise<unknown>;

/** Resolves once `waitMs` has passed since the last submission was sent. */
export async function waitAfterSend(r: Resubmission, waitMs: number): Promise<void> {
  const left = r.sentAt + waitMs - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

async function findInList(
  list: ListPage,
  r: Resubmission,
  matches: (o: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown> | null> {
  let before = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await list(`?limit=${PAGE}${before ? `&before_id=${encodeURIComponent(before)}` : ''}`);
    const items = Array.isArray(body)
      ? body.filter((o): o is Record<string, unknown> => !!o && typeof o === 'object')
      : [];
    const found = items.find(matches);
    if (found) return found;
    const last = items.at(-1);
    if (!last || items.length < PAGE) return null;
    const created = Date.parse(String(last.created_at ?? ''));
    if (Number.isFinite(created) && created < r.since - SKEW_MS) return null;
    before = String(last.id);
  }
  return null;
}

/** The tune titled with our row id, if an earlier submission made it. */
export function findTune(list: ListPage, r: Resubmission): Promise<Record<string, unknown> | null> {
  return findInList(list, r, (t) => t.title === r.row);
}

/** The prompt whose callback names our row, if an earlier submission made it. */
export function findPrompt(list: ListPage, r: Resubmission): Promise<Record<string, unknown> | null> {
  return findInList(list, r, (p) => {
    try {
      return new URL(String(p.callback ?? '')).searchParams.get('job') === r.row;
    } catch {
      return false;
    }
  });
}
