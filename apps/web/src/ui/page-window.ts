/**
 * The page buttons a pager shows: the first, the last, the current one and its neighbours,
 * with `'gap'` where pages are skipped. `pageWindow(6, 12)` → `[1,'gap',5,6,7,'gap',12]`.
 */
export function pageWindow(page: number, totalPages: number): Array<number | 'gap'> {
  const shown = new Set([1, totalPages, page - 1, page, page + 1]);
  // note: a gap of exactly one page shows that page instead, it takes the same room as '…'.
  if (page - 3 === 1) shown.add(2);
  if (page + 3 === totalPages) shown.add(totalPages - 1);
  const pages = [...shown].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  for (const p of pages) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push('gap');
    out.push(p);
  }
  return out;
}
