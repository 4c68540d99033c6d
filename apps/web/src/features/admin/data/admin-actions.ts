import type { CouponsRecord } from '@photoshoot/contract';
import { adminPb } from './admin-client';

/** The back office's writes on payments, photoshoots, coupons and customers. */

/** Refunds a payment: a part of it, or (`owed`) the whole charge a failure left unpaid back. */
export const refundPayment = (id: string, body: { amountCents?: number | null; currency?: string }) =>
  adminPb.send(`/api/admin/payments/${encodeURIComponent(id)}/refund`, { method: 'POST', body });

/** Puts a failed photoshoot back in the processing queue. */
export const requeuePhotoshoot = (id: string) =>
  adminPb.send(`/api/admin/photoshoots/${encodeURIComponent(id)}/requeue`, { method: 'POST' });

/** Creates a coupon, or saves the one with `id`. */
export const saveCoupon = (id: string | null, body: Record<string, unknown>) =>
  id
    ? adminPb.collection('coupons').update<CouponsRecord>(id, body)
    : adminPb.collection('coupons').create<CouponsRecord>(body);

export const requestVerification = (email: string) => adminPb.collection('users').requestVerification(email);

export const requestPasswordReset = (email: string) =>
  adminPb.collection('users').requestPasswordReset(email);

export const deleteUser = (id: string) => adminPb.collection('users').delete(id);

/** A file's address on the admin client: protected files need the operator's file `token`. */
export const adminFileUrl = (
  record: { id: string; collectionId?: string; collectionName?: string },
  filename: string,
  opts: { thumb?: string; token?: string } = {},
) => adminPb.files.getURL(record, filename, opts);
