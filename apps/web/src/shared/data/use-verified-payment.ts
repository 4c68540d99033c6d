import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '../../lib/use-subscription';
import type { Payment } from '../records';
import { verifyPayment } from './payments-api';
import { keys } from './query-keys';

const VERIFY_POLL_MS = 3_000;

/** A payment as the server verifies it with the provider, polled while it is still pending. */
export const verifiedPaymentQuery = (paymentId: string) =>
  queryOptions({
    queryKey: keys.payment(paymentId),
    queryFn: () => verifyPayment(paymentId),
    retry: 2,
    refetchInterval: (q) => (!q.state.data || q.state.data.status === 'pending' ? VERIFY_POLL_MS : false),
  });

/**
 * A payment's state as the server verifies it with the provider, live: realtime events on the
 * payment row, and a verify poll while it is still pending (a missed webhook must never leave
 * the buyer waiting). Photoshoot and seat purchases alike.
 */
export function useVerifiedPayment(paymentId: string) {
  const client = useQueryClient();
  const query = useQuery({ ...verifiedPaymentQuery(paymentId), enabled: !!paymentId });
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
