import type { ContactMessagesRecord } from '@photoshoot/contract';
import { adminPb } from './admin-client';

/** The writes the back-office lists make from their rows; the pages re-read the list after each. */

export const updateContactMessage = (id: string, status: ContactMessagesRecord['status']) =>
  adminPb.collection('contact_messages').update<ContactMessagesRecord>(id, { status });

/** Customers can no longer use the code; payments already made with it keep their discount. */
export const deactivateCoupon = (id: string) => adminPb.collection('coupons').update(id, { active: false });

export const deleteOriginal = (id: string) => adminPb.collection('original_photos').delete(id);
