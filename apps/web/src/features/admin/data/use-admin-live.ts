import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RecordModel, RecordSubscription } from 'pocketbase';
import { useSubscription } from '../../../lib/use-subscription';
import { adminPb } from './admin-client';

/**
 * Keeps back-office queries live: any create, update or delete in `collection` (matching `filter`)
 * re-reads the queries under `invalidate`, and so does a reconnect (events sent while the
 * connection was down are lost). `onEvent` sees each event first.
 */
export function useAdminLive<T extends RecordModel = RecordModel>(
  collection: string,
  filter: string | undefined,
  invalidate: QueryKey,
  onEvent?: (e: RecordSubscription<T>) => void,
  enabled = true,
): void {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: invalidate });
  useSubscription<T>(
    collection,
    '*',
    filter,
    (e) => {
      onEvent?.(e);
      refresh();
    },
    refresh,
    enabled,
    adminPb,
  );
}
