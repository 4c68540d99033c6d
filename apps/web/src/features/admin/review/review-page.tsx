import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useTitle } from '../../../lib/use-title';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog } from '../../../ui/dialog';
import { PageHeader } from '../../../ui/page-header';
import { LoadingBlock } from '../../../ui/spinner';
import { useToast } from '../../../ui/use-toast';
import { AdminImage } from '../components/admin-image';
import { formatLikeness } from '../components/format';
import { PhotoshootStatusBadge } from '../components/status-badge';
import type { AdminResult } from '../data/admin-types';
import {
  useAdminOriginals,
  useAdminPhotoshoot,
  useAdminPhotoshootLive,
  useAdminResults,
} from '../data/use-admin-photoshoot';
import { NextInReviewButton, useOpenNextInReview } from './next-in-review';
import { RejectDialog } from './reject-dialog';
import { moveFocus, type ReviewCommand } from './review-keys';
import { RedoRequest, ReviewTile } from './review-tile';
import { ShortcutList } from './shortcut-list';
import { useReviewActions } from './data/use-review-actions';
import { useReviewKeys } from './use-review-keys';

type Group = { styleId: string; name: string; results: AdminResult[] };

/** Results by style, in the order the customer chose the styles. */
function groupByStyle(results: AdminResult[], order: string[]): Group[] {
  const groups = new Map<string, Group>();
  for (const r of results) {
    const g = groups.get(r.style) ?? {
      styleId: r.style,
      name: r.expand?.style?.name ?? 'Style',
      results: [],
    };
    g.results.push(r);
    groups.set(r.style, g);
  }
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  return [...groups.values()].sort((a, b) => rank(a.styleId) - rank(b.styleId));
}

const tileLabel = (r: AdminResult, g?: Group) => `${g?.name ?? 'Result'} ${r.variant + 1}`;

/** /admin/photoshoots/{id}/review: quality control, built for the keyboard. */
export function ReviewPage() {
  const { id } = useParams({ from: '/admin/photoshoots/$id/review' });
  const photoshoot = useAdminPhotoshoot(id);
  const results = useAdminResults(id);
  const originals = useAdminOriginals(id);
  useAdminPhotoshootLive(id, { payments: false });
  useTitle(`Review ${photoshoot.data?.title || ''} · Back office`);
  const toast = useToast();
  const { send } = useReviewActions(id);
  const next = useOpenNextInReview(id);

  const p = photoshoot.data;
  const groups = useMemo(() => groupByStyle(results.data ?? [], p?.styles ?? []), [results.data, p?.styles]);
  const flat = useMemo(() => groups.flatMap((g) => g.results), [groups]);
  // The first run stores each portrait as it is made, so results alone do not mean a re-run: only a
  // rejected portrait, a customer's redo or a replacement does.
  const regenerating = flat.some((r) => r.review === 'rejected' || r.redoRequested || !!r.replaces);
  const groupOf = (r: AdminResult) => groups.find((g) => g.styleId === r.style);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<AdminResult | null>(null);
  const [viewing, setViewing] = useState<AdminResult | null>(null);
  const [confirm, setConfirm] = useState<'release' | 'regenerate' | null>(null);
  const tiles = useRef(new Map<string, HTMLButtonElement>());
  const moved = useRef(false);

  // note: start on the first result still waiting for a verdict.
  useEffect(() => {
    if (!flat.length || (focusId && flat.some((r) => r.id === focusId))) return;
    // note: the screen is for the keyboard: the result in hand takes focus.
    moved.current = true;
    setFocusId((flat.find((r) => r.review === 'pending') ?? flat[0])!.id);
  }, [flat, focusId]);
  useEffect(() => {
    if (!moved.current || !focusId) return;
    tiles.current.get(focusId)?.focus();
    moved.current = false;
  }, [focusId]);

  const inReview = p?.status === 'review';
  const focused = flat.find((r) => r.id === focusId) ?? null;
  const pending = flat.filter((r) => r.review === 'pending' || !r.review).length;
  const rejected = flat.filter((r) => r.review === 'rejected').length;
  const approved = flat.filter((r) => r.review === 'approved').length;

  const act = (body: Parameters<typeof send>[0], done?: string) =>
    send(body).then(
      () => (done ? toast.success(done) : undefined),
      (err: unknown) => toast.error('The review was not saved.', errorMessage(err)),
    );

  const approveOne = (r: AdminResult) => {
    void act({ approve: [r.id] });
    // note: after a verdict the next result waiting comes up, so A A A… walks the screen.
    const after = flat.slice(flat.indexOf(r) + 1).find((x) => x.review === 'pending');
    if (after) {
      moved.current = true;
      setFocusId(after.id);
    }
  };
  const approveStyle = (r: AdminResult) => {
    const g = groupOf(r);
    // note: only the undecided: a rejection (or a likeness hold-back) stands until changed one by one.
    const ids = (g?.results ?? []).filter((x) => x.review === 'pending' || !x.review).map((x) => x.id);
    if (ids.length) void act({ approve: ids }, `${g?.name ?? 'Style'}: ${ids.length} approved.`);
  };

  const onCommand = (c: ReviewCommand) => {
    if (c.kind === 'move') {
      moved.current = true;
      setFocusId(
        moveFocus(
          groups.map((g) => g.results.map((r) => r.id)),
          focusId,
          c.dir,
        ),
      );
      return;
    }
    if (c.kind === 'next') return void next.open();
    if (c.kind === 'open') return focused ? setViewing(focused) : undefined;
    if (!inReview)
      return toast.error('Nothing to decide now.', 'Verdicts are given while the photoshoot is in review.');
    if (c.kind === 'approve' && focused) approveOne(focused);
    if (c.kind === 'reject' && focused) setRejecting(focused);
    if (c.kind === 'approveStyle' && focused) approveStyle(focused);
    if (c.kind === 'regenerate') setConfirm('regenerate');
    if (c.kind === 'release') setConfirm('release');
  };
  useReviewKeys(onCommand, !!p);

  if (photoshoot.isError)
    return (
      <Alert tone="error" title="This photoshoot could not be loaded.">
        {errorMessage(photoshoot.error)}
      </Alert>
    );
  if (!p || !results.data) return <LoadingBlock />;
  const email = p.expand?.user?.email ?? 'the customer';
  const reference = (originals.data ?? []).filter((o) => o.qc === 'accepted');

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        eyebrow={
          <Link to="/admin/photoshoots/$id" params={{ id }} className="hover:underline">
            ‹ {p.title || 'Photoshoot'}
          </Link>
        }
        title="Review"
        description={
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <PhotoshootStatusBadge status={p.status} />
            <span data-testid="review-counts">
              {approved} approved · {rejected} rejected · {pending} to review
            </span>
            <span className="basis-full break-all text-zinc-600">For {email}</span>
          </span>
        }
        actions={
          <>
            <Button
              variant="secondary"
              disabled={!inReview || !rejected}
              onClick={() => setConfirm('regenerate')}
              aria-keyshortcuts="G"
            >
              Regenerate rejected
            </Button>
            <Button
              disabled={!inReview || pending > 0 || !approved}
              onClick={() => setConfirm('release')}
              aria-keyshortcuts="Shift+R"
              title={pending ? 'Every result needs a verdict first' : undefined}
            >
              Release
            </Button>
            <NextInReviewButton except={id} shortcut />
          </>
        }
      />
      {!inReview ? (
        <Alert tone="info" className="mb-4">
          {p.status === 'queued' || p.status === 'processing'
            ? regenerating
              ? `Regenerating: the replacements appear here as the worker delivers them (${p.progress}%).`
              : `Processing: the portraits appear here as the worker delivers them (${p.progress}%).`
            : `This photoshoot is ${p.status.replace(/_/g, ' ')}: nothing to decide now.`}
        </Alert>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-[1fr_18rem]">
        <div className="min-w-0">
          {reference.length ? (
            <section aria-label="Reference photos" className="mb-6">
              <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-zinc-600">
                The customer’s photos
              </h2>
              <ul className="flex gap-2 overflow-x-auto pb-1">
                {reference.map((o) => (
                  <li key={o.id} className="w-20 shrink-0 sm:w-24">
                    <AdminImage
                      record={o}
                      filename={o.file}
                      thumb="200x200"
                      alt="Reference photo"
                      ratio={1}
                      className="rounded-lg"
                    />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {!flat.length ? <p className="rounded-xl bg-white p-6 text-zinc-600">No results yet.</p> : null}
          {groups.map((g) => (
            <section key={g.styleId} aria-label={g.name} className="mb-8">
              <div className="mb-2 flex items-center justify-between gap-2">
                <h2 className="font-semibold text-zinc-900">{g.name}</h2>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={!inReview || !g.results.some((r) => r.review === 'pending' || !r.review)}
                  onClick={() => approveStyle(g.results[0]!)}
                >
                  Approve style
                </Button>
              </div>
              <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
                {g.results.map((r) => (
                  <ReviewTile
                    key={r.id}
                    ref={(el) => {
                      if (el) tiles.current.set(r.id, el);
                      else tiles.current.delete(r.id);
                    }}
                    result={r}
                    label={tileLabel(r, g)}
                    focused={r.id === focusId}
                    disabled={!inReview}
                    onFocus={() => setFocusId(r.id)}
                    onOpen={() => setViewing(r)}
                    onApprove={() => approveOne(r)}
                    onReject={() => setRejecting(r)}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
        <ShortcutList />
      </div>

      <RejectDialog
        open={!!rejecting}
        label={rejecting ? tileLabel(rejecting, groupOf(rejecting)) : ''}
        onOpenChange={(o) => (o ? undefined : setRejecting(null))}
        onReject={async (reason) => {
          if (rejecting) await send({ reject: [{ id: rejecting.id, reason }] });
        }}
      />
      <Dialog
        open={!!viewing}
        onOpenChange={(o) => (o ? undefined : setViewing(null))}
        title={viewing ? tileLabel(viewing, groupOf(viewing)) : ''}
        wide
      >
        {viewing ? (
          <div>
            <AdminImage
              record={viewing}
              filename={viewing.file}
              alt={tileLabel(viewing, groupOf(viewing))}
              ratio={viewing.width && viewing.height ? viewing.width / viewing.height : 4 / 5}
              fit="contain"
              className="mx-auto max-h-[70dvh] rounded-lg"
              loading="eager"
            />
            <p className="mt-3 text-sm text-zinc-700">
              Likeness {formatLikeness(viewing.likeness)} · {viewing.width}×{viewing.height}
              {viewing.reviewNote ? ` · ${viewing.reviewNote}` : ''}
            </p>
            <RedoRequest result={viewing} className="mt-2 text-sm" />
          </div>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={confirm === 'release'}
        onOpenChange={(o) => setConfirm(o ? 'release' : null)}
        title="Release to the customer?"
        description={`${approved} approved portrait${approved === 1 ? '' : 's'} go to ${email}, who gets a mail that they are ready. Rejected ones are not delivered.`}
        confirmLabel="Release"
        onConfirm={async () => {
          await send({ release: true });
          toast.success('Released.', `${email} has been mailed.`);
        }}
      />
      <ConfirmDialog
        open={confirm === 'regenerate'}
        onOpenChange={(o) => setConfirm(o ? 'regenerate' : null)}
        title="Regenerate the rejected results?"
        description={`${rejected} rejected result${rejected === 1 ? '' : 's'} go back to the worker; the photoshoot returns to the queue and comes back here for review when the replacements are made.`}
        confirmLabel="Regenerate"
        onConfirm={async () => {
          await send({ regenerate: true });
          toast.success('Sent back to the worker.');
        }}
      />
    </div>
  );
}
