import { adminPb } from '../../data/admin-client';

/**
 * The photoshoot that has waited longest in review, other than `except` (the one on screen), or
 * null when the queue is empty.
 */
export async function nextInReview(except?: string): Promise<string | null> {
  const filter = except
    ? adminPb.filter("status = 'review' && id != {:id}", { id: except })
    : "status = 'review'";
  const page = await adminPb
    .collection('photoshoots')
    .getList(1, 1, { filter, sort: 'completedAt,created', fields: 'id', skipTotal: true });
  return page.items[0]?.id ?? null;
}
