import { useQueryClient } from '@tanstack/react-query';
import { adminPb } from '../../data/admin-client';
import { adminKeys } from '../../data/admin-keys';
import type { AdminResult } from '../../data/admin-types';

export type ReviewBody = {
  approve?: string[];
  reject?: Array<{ id: string; reason: string }>;
  regenerate?: boolean;
  release?: boolean;
};

/**
 * Sends review verdicts (`POST /api/admin/photoshoots/{id}/review`). Verdicts show at once and
 * are rolled back if the server refuses; the answer (and realtime) then bring the stored state.
 */
export function useReviewActions(photoshootId: string) {
  const client = useQueryClient();
  const key = adminKeys.results(photoshootId);

  async function send(body: ReviewBody): Promise<void> {
    const before = client.getQueryData<AdminResult[]>(key);
    if (before && (body.approve?.length || body.reject?.length)) {
      const approve = new Set(body.approve ?? []);
      const reject = new Map((body.reject ?? []).map((r) => [r.id, r.reason]));
      client.setQueryData<AdminResult[]>(
        key,
        before.map((r) =>
          approve.has(r.id)
            ? { ...r, review: 'approved', reviewNote: '' }
            : reject.has(r.id)
              ? { ...r, review: 'rejected', reviewNote: reject.get(r.id) ?? '' }
              : r,
        ),
      );
    }
    try {
      await adminPb.send(`/api/admin/photoshoots/${encodeURIComponent(photoshootId)}/review`, {
        method: 'POST',
        body,
      });
    } catch (err) {
      if (before) client.setQueryData(key, before);
      throw err;
    } finally {
      void client.invalidateQueries({ queryKey: adminKeys.photoshootAll(photoshootId) });
    }
  }
  return { send };
}
