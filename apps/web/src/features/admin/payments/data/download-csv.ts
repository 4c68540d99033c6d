import { adminPb } from '../../data/admin-client';

/**
 * Downloads the payments CSV for a list's filter and sort. The export needs the operator's token,
 * which a plain link cannot carry (the back office's auth lives in its SDK client, not in a
 * cookie), so the file is fetched and handed to the browser as a blob.
 */
export async function downloadPaymentsCsv(query: { filter: string; sort: string }): Promise<void> {
  const params = new URLSearchParams();
  if (query.filter) params.set('filter', query.filter);
  if (query.sort) params.set('sort', query.sort);
  const res = await fetch(adminPb.buildURL(`/api/admin/payments.csv?${params}`), {
    headers: { Authorization: adminPb.authStore.token },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || 'The export could not be made.');
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'payments.csv';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // note: revoked on the next tick, once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
