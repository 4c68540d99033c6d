import { pb } from '../../lib/pb';

/**
 * Asks for a mailed password-reset or verification link. The SDK's methods answer only `true`;
 * this reads the answer: PocketBase's empty 204 (the SDK's `{}`), or `{mailDelayed: true}` while
 * the server's mail is delayed.
 */
export async function requestMailedLink(
  action: 'request-password-reset' | 'request-verification',
  email: string,
): Promise<{ mailDelayed: boolean }> {
  const res = await pb.send<{ mailDelayed?: unknown } | null>(`/api/collections/users/${action}`, {
    method: 'POST',
    body: { email },
  });
  return { mailDelayed: res?.mailDelayed === true };
}
