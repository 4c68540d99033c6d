/**
 * Reads a verified fal webhook body (fal docs "Webhooks"; @fal-ai/client WebHookResponse):
 * `{request_id, status: "OK", payload}` or `{request_id, status: "ERROR", error, payload}`. When
 * fal could not serialise the result, `payload` is null and `payload_error` says why: the
 * callback is acknowledged without settling the job, and the poll fetches the result instead.
 */
import { WebhookRejected } from '../hosted-api.js';
import type { JobKind, RemoteResult } from '../remote-result.js';
import { readFalOutput } from './fal-output.js';

export function readFalCallback(
  kind: JobKind,
  rawBody: Buffer,
  signedRequestId: string,
): { externalId: string; result: RemoteResult } {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
    if (typeof body !== 'object' || body === null || typeof body.request_id !== 'string') throw new Error();
  } catch {
    throw new WebhookRejected(400, 'The webhook body is not a fal callback.');
  }
  const externalId = body.request_id as string;
  // note: the signature covers the header's request id; a body naming another request is not fal's.
  if (signedRequestId !== externalId && signedRequestId !== body.gateway_request_id)
    throw new WebhookRejected(401, 'The webhook could not be verified.');
  if (body.status === 'ERROR') {
    const detail =
      typeof body.error === 'string' && body.error
        ? body.error
        : JSON.stringify(body.payload ?? {}).slice(0, 300);
    return { externalId, result: { state: 'failed', error: detail } };
  }
  if (body.status !== 'OK') throw new WebhookRejected(400, 'The webhook body is not a fal callback.');
  if (body.payload === null && typeof body.payload_error === 'string')
    return { externalId, result: { state: 'pending' } };
  try {
    return { externalId, result: readFalOutput(kind, body.payload) };
  } catch {
    throw new WebhookRejected(400, 'The webhook payload is not what fal documents.');
  }
}
