import { PURCHASABLES, type PurchasableEntry } from '@photoshoot/contract';
import { Link } from '@tanstack/react-router';
import type { PaymentRow } from '../data/admin-types';

/**
 * What a payment bought, in a few words, for any kind in the contract's list: an item with its
 * own back-office page is named by its package and linked there; any other is counted (when more
 * than one) and named by the expanded record it points at. A new kind needs only its contract line.
 */
export type BoughtLine = { title: string; detail?: string; link?: { to: string; id: string } };

export function describeBought(
  p: PaymentRow,
  purchasables: readonly PurchasableEntry[] = PURCHASABLES,
): BoughtLine {
  const row = p as unknown as Record<string, unknown>;
  const entry = purchasables.find((e) => typeof row[e.field] === 'string' && row[e.field] !== '');
  const packageName = p.expand?.package?.name;
  if (!entry) return { title: packageName ?? 'Photoshoot' };
  const id = row[entry.field] as string;
  if (entry.adminPath) return { title: packageName ?? entry.label, link: { to: entry.adminPath, id } };
  const expanded = (p.expand as Record<string, { name?: unknown } | undefined> | undefined)?.[entry.field];
  const quantity = p.quantity > 1 ? ` × ${p.quantity}` : '';
  return {
    title: `${entry.label}${quantity}`,
    detail: typeof expanded?.name === 'string' && expanded.name ? expanded.name : id,
  };
}

export function Bought({ p }: { p: PaymentRow }) {
  const line = describeBought(p);
  if (line.link)
    return (
      <Link
        to={line.link.to}
        params={{ id: line.link.id }}
        className="font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {line.title}
      </Link>
    );
  return (
    <span className="block max-w-48 truncate">
      {line.title}
      {line.detail ? <span className="block text-xs text-zinc-500">{line.detail}</span> : null}
    </span>
  );
}
