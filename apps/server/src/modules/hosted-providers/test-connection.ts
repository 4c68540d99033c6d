/**
 * An operator's "test connection" for a hosted provider: is it configured, does the service
 * accept the saved key, and, where the adapter can tell, can this configuration make real
 * portraits (its trainer or model exists for the account)? Runs against the same base URL the
 * jobs use. Passing also resumes at once the jobs held while the provider was out of credit: an
 * operator who topped up the account presses this button (otherwise they are retried every few
 * minutes on their own).
 */
import type { App } from '../../core/app.js';
import { ApiError } from '../../core/errors.js';
import { resumeHeldJobs } from '../processing/provider-alerts.js';
import { AccessCheckFailed } from './check-access.js';
import { hostedApi, HOSTED_NAMES, isHostedName } from './hosted-apis.js';

/** The answer when the service accepted the key. */
export type ConnectionTest = {
  provider: string;
  ok: true;
  /** In words: what was checked, ending with whether this configuration can make real portraits. */
  message: string;
  /** The adapter checked its trainer or apps, and the configuration makes real portraits (not placeholders). */
  realPortraits: boolean;
  /** What the operator must know of the configuration, e.g. that it makes placeholder images only. */
  notice?: string;
};

const FAILED = 'The connection test failed.';

export async function testHostedConnection(app: App, name: string): Promise<ConnectionTest> {
  if (!isHostedName(name))
    throw ApiError.badRequest(FAILED, {
      provider: { code: 'validation_in_invalid', message: `Must be one of ${HOSTED_NAMES.join(', ')}.` },
    });
  const api = hostedApi(app, name);
  const missing = api.misconfigured();
  if (missing) throw ApiError.badRequest(`${FAILED} ${missing}`);
  let message = `${name} accepted the saved key.`;
  try {
    await api.checkAccess();
    if (api.checkPortraits) message = await api.checkPortraits();
  } catch (err) {
    if (err instanceof AccessCheckFailed) throw ApiError.badRequest(`${FAILED} ${err.message}`);
    throw err;
  }
  const resumed = await resumeHeldJobs(app);
  if (resumed)
    message += ` ${resumed} photoshoot${resumed === 1 ? '' : 's'} waiting for the provider resumed.`;
  const notice = api.notice?.();
  return {
    provider: name,
    ok: true,
    message,
    // A key alone says nothing of the trainer (an adapter without checkPortraits), and mock output is no portrait.
    realPortraits: !!api.checkPortraits && !notice,
    ...(notice ? { notice } : {}),
  };
}
