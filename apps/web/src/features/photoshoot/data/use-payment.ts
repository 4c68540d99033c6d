import { useQuery, useQueryClient } from '@tanstack/react-query';
import { verifyPayment } from '../../../shared/data/payments-api';
import type { Payment } from '../../../shared/records';
import { keys } from '../../../shared/data/query-keys';
import { useSubscription } from '../../../lib/use-subscription';

const VERIFY_POLL_MS = 3_000;

/**
 * A payment's state as the server verifies it with the provider, live: realtime events on the
 * payment row, and a verify poll while it is still pending (a missed webhook must never leave
 * the buyer waiting).
 */
export function useVerifiedPayment(paymentId: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keys.payment(paymentId),
    queryFn: () => verifyPayment(paymentId),
    enabled: !!paymentId,
    retry: 2,
    refetchInterval: (q) => (!q.state.data || q.state.data.status === 'pending' ? VERIFY_POLL_MS : false),
  });
  useSubscription<Payment>(
    'payments',
    paymentId,
    undefined,
    (e) => {
      if (e.action === 'update') client.setQueryData(keys.payment(paymentId), e.record);
    },
    () => void client.invalidateQueries({ queryKey: keys.payment(paymentId) }),
    !!paymentId,
  );
  return query;
}
