import { forwardRef } from 'react';
import { cx } from '../../../ui/cx';
import { AdminImage } from '../components/admin-image';
import { formatDateTime, formatLikeness } from '../components/format';
import type { AdminResult } from '../data/admin-types';

/** A result held back by the likeness check (server: likeness-check.ts). */
export function isHeldBack(r: AdminResult): boolean {
  return r.review === 'rejected' && r.reviewNote.startsWith('Held back automatically');
}

/**
 * The customer's last redo request of this portrait, with their reason when they gave one: the
 * operator checks the redone portrait against it.
 */
export function RedoRequest({ result: r, className }: { result: AdminResult; className?: string }) {
  if (!r.redoAskedAt) return null;
  return (
    <p
      className={cx('text-amber-900', className)}
      title={r.redoReason || undefined}
      data-testid="redo-request"
    >
      <span className="font-semibold">Redo asked {formatDateTime(r.redoAskedAt)}</span>
      {r.redoReason ? `: “${r.redoReason}”` : ' (no reason given)'}
    </p>
  );
}

const RING = {
  approved: 'ring-emerald-500',
  rejected: 'ring-red-500',
  pending: 'ring-transparent',
  '': 'ring-transparent',
} as const;

/**
 * One result on the review screen: a large thumbnail that takes focus (the keyboard acts on the
 * focused one), its verdict, likeness, and buttons for pointer users.
 */
export const ReviewTile = forwardRef<
  HTMLButtonElement,
  {
    result: AdminResult;
    label: string;
    focused: boolean;
    disabled: boolean;
    onFocus: () => void;
    onOpen: () => void;
    onApprove: () => void;
    onReject: () => void;
  }
>(function ReviewTile({ result: r, label, focused, disabled, onFocus, onOpen, onApprove, onReject }, ref) {
  const verdict =
    r.review === 'approved'
      ? 'Approved'
      : r.review === 'rejected'
        ? isHeldBack(r)
          ? 'Held back'
          : 'Rejected'
        : 'To review';
  return (
    <li className="flex flex-col" data-testid="review-tile" data-review={r.review} data-result-id={r.id}>
      <button
        ref={ref}
        type="button"
        data-review-tile
        tabIndex={focused ? 0 : -1}
        aria-current={focused || undefined}
        onFocus={onFocus}
        onClick={onOpen}
        className={cx(
          'relative block overflow-hidden rounded-xl ring-4 ring-offset-2 transition-shadow outline-none',
          RING[r.review || ''],
          focused && 'outline-3 outline-offset-4 outline-brand-600 outline-solid',
        )}
      >
        <AdminImage record={r} filename={r.file} thumb="480x0" alt="" ratio={4 / 5} loading="eager" />
        {/* The name is the visible words with the portrait's label before them, as heard and seen. */}
        <span className="sr-only">{label}: </span>
        <span
          className={cx(
            'absolute top-2 left-2 rounded-full px-2 py-0.5 text-xs font-semibold shadow',
            r.review === 'approved' && 'bg-emerald-600 text-white',
            r.review === 'rejected' && 'bg-red-600 text-white',
            (r.review === 'pending' || !r.review) && 'bg-white/90 text-zinc-800',
          )}
        >
          {verdict}
        </span>
        <span className="sr-only">, likeness </span>
        <span className="absolute right-2 bottom-2 rounded-md bg-black/60 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">
          {formatLikeness(r.likeness)}
        </span>
      </button>
      <RedoRequest result={r} className="mt-1 line-clamp-4 text-xs" />
      {r.review === 'rejected' && r.reviewNote ? (
        <p className="mt-1 line-clamp-2 text-xs text-red-800" title={r.reviewNote}>
          {r.reviewNote}
        </p>
      ) : null}
      <div className="mt-2 grid grid-cols-2 gap-1.5">
        <button
          type="button"
          tabIndex={-1}
          disabled={disabled}
          onClick={onApprove}
          className="rounded-lg bg-emerald-50 px-2 py-1.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 hover:bg-emerald-100 disabled:opacity-50"
        >
          Approve
        </button>
        <button
          type="button"
          tabIndex={-1}
          disabled={disabled}
          onClick={onReject}
          className="rounded-lg bg-red-50 px-2 py-1.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-100 disabled:opacity-50"
        >
          Reject
        </button>
      </div>
    </li>
  );
});
