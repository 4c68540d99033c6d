import type { RecordModel, RecordSubscription } from 'pocketbase';

/** A list after one realtime event: created rows join (once), updated rows are replaced, deleted rows go. */
export function mergeEvent<T extends RecordModel>(
  list: T[] | undefined,
  e: RecordSubscription<T>,
): T[] | undefined {
  if (!list) return list;
  const rest = list.filter((r) => r.id !== e.record.id);
  if (e.action === 'delete') return rest;
  const index = list.findIndex((r) => r.id === e.record.id);
  if (index === -1) return [...list, e.record];
  const next = list.slice();
  next[index] = e.record;
  return next;
}
