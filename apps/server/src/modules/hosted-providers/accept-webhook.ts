/**
 * A callback from a hosted provider: find the job it names (`?job=`), have the adapter
 * authenticate and read it, and settle the job once. A redelivery, or a callback for a job the
 * poll already settled, is acknowledged and changes nothing.
 */
import type { App } from '../../core/app.js';
import type { WebhookRequest } from '../processing/providers/types.js';
import {
  countDelivery,
  findByExternalId,
  findJobRow,
  isPlaceholder,
  setExternalId,
  settleJobRow,
  type ExternalJobRow,
} from './external-jobs.js';
import { WebhookRejected, type HostedApi } from './hosted-api.js';

export type Accepted = { row: ExternalJobRow; settled: boolean };

export async function acceptWebhook(app: App, api: HostedApi, req: WebhookRequest): Promise<Accepted> {
  const id = req.query.job ?? '';
  const row = /^[a-z0-9]{15}$/.test(id) ? await findJobRow(app.db, id) : null;
  // note: an unknown job and a bad token look the same from outside (no probing for job ids).
  if (!row || row.provider !== api.name) throw new WebhookRejected(401, 'The webhook could not be verified.');
  const { externalId, result } = await api.readWebhook(req, row);
  if (!isPlaceholder(row.externalId) && externalId !== row.externalId)
    throw new WebhookRejected(400, 'The webhook is about another job.');
  // A callback for a submission whose answer was lost tells us its id: recorded, so the job is ours.
  if (isPlaceholder(row.externalId) && !(await findByExternalId(app.db, api.name, externalId)))
    await setExternalId(app.db, row.id, externalId);
  await countDelivery(app.db, row.id);
  const settled = await settleJobRow(app.db, row.id, result);
  return { row: (await findJobRow(app.db, row.id)) ?? row, settled };
}
