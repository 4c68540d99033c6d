import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Alert, Button, buttonClasses, Card, cx, LoadingBlock, TextAreaField } from '../../../ui';
import { requestRedo } from '../../../shared/data/photoshoot-api';
import { saveReview } from '../data/save-review';
import { WithLimits } from '../../../shared/public-config';
import { FlowFrame } from '../components/flow-frame';
import { ProtectedImage } from '../components/protected-image';
import { useFlowPage } from '../components/use-flow-page';
import { keys } from '../../../shared/data/query-keys';
import { useStyles } from '../data/use-catalog';
import { useResults } from '../data/use-results';
import { RatingStars } from '../results/rating-stars';
import { useResultUpdate } from '../data/use-result-update';
import { portraitLabel, portraitNumbers } from '../results/portrait-numbers';
import type { Photoshoot, Result } from '../../../shared/records';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

export default function ReviewPage() {
  const { flow, query, photoshoot } = useFlowPage('review');
  return (
    <FlowFrame
      step="review"
      title="Rate your photoshoot"
      description="Tell us how we did, and ask for a redo of any portrait that does not look right."
      query={query}
      photoshoot={photoshoot}
      actions={
        photoshoot ? (
          <Link to={flow.path('results')} className={buttonClasses('secondary')}>
            Back to portraits
          </Link>
        ) : undefined
      }
    >
      {(p) => (
        <div className="flex flex-col gap-6">
          <Verdict photoshoot={p} />
          <WithLimits>{(limits) => <Redo photoshoot={p} freeRedos={limits.freeRedos} />}</WithLimits>
        </div>
      )}
    </FlowFrame>
  );
}

function Verdict({ photoshoot }: { photoshoot: Photoshoot }) {
  const client = useQueryClient();
  const [rating, setRating] = useState(photoshoot.rating || 0);
  const [comment, setComment] = useState(photoshoot.reviewComment || '');
  const [ratingError, setRatingError] = useState('');
  const save = useMutation({
    mutationFn: () => saveReview(photoshoot.id, rating, comment.trim()),
    onSuccess: (record) => client.setQueryData(keys.photoshoot(photoshoot.id), record),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1) {
      setRatingError('Choose from 1 to 5 stars.');
      return;
    }
    setRatingError('');
    save.mutate();
  };

  return (
    <Card>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <h2 className="text-lg font-semibold text-zinc-900">Your rating</h2>
        <div>
          <RatingStars
            label="Rating of the photoshoot, 1 to 5 stars"
            value={rating}
            onChange={setRating}
            size="lg"
          />
          {ratingError ? (
            <p className="mt-1 text-sm font-medium text-red-700" role="alert">
              {ratingError}
            </p>
          ) : null}
        </div>
        <TextAreaField
          label="Comment"
          optional
          value={comment}
          maxLength={2000}
          onChange={(e) => setComment(e.currentTarget.value)}
          description="What did you like, and what could be better?"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={save.isPending}>
            {photoshoot.rating ? 'Update my review' : 'Send my review'}
          </Button>
          <p aria-live="polite" className="text-sm">
            {save.isSuccess ? (
              <span className="text-emerald-700">Thank you! Your review is saved.</span>
            ) : null}
          </p>
        </div>
        {save.isError ? <Alert tone="error">{errorMessage(save.error)}</Alert> : null}
      </form>
    </Card>
  );
}

/** The server keeps at most this many characters of a redo reason. */
const MAX_REDO_REASON = 500;

/** The reasons typed for `ids`, trimmed; blank ones left out (a reason is optional). */
function reasonsFor(ids: string[], typed: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of ids) if (typed[id]?.trim()) out[id] = typed[id].trim();
  return out;
}

function Redo({ photoshoot, freeRedos }: { photoshoot: Photoshoot; freeRedos: number }) {
  const client = useQueryClient();
  const results = useResults(photoshoot.id);
  const styles = useStyles();
  const update = useResultUpdate(photoshoot.id);
  const remaining = Math.max(0, freeRedos - (photoshoot.redoCount || 0));
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const redo = useMutation({
    mutationFn: (ids: string[]) => requestRedo(photoshoot.id, ids, reasonsFor(ids, reasons)),
    // The photoshoot goes back to the queue; the page follows it there.
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.photoshoot(photoshoot.id) }),
  });

  const [confirming, setConfirming] = useState(false);
  const list = results.data ?? [];
  const flagged = list.filter((r) => r.redoRequested);
  const names = new Map((styles.data ?? []).map((s) => [s.id, s.name]));
  const numbers = portraitNumbers(list);
  const labelOf = (r: Result) => portraitLabel(names.get(r.style) ?? 'Portrait', numbers.get(r.id) ?? 1);
  const after = remaining - 1;

  return (
    <Card>
      <h2 className="text-lg font-semibold text-zinc-900">Ask for a redo</h2>
      <p className="mt-1 text-sm text-zinc-600" data-testid="redo-allowance">
        {remaining > 0
          ? `Mark the portraits that do not look like you or have a flaw. ${remaining === 1 ? 'One redo round is' : `${remaining} redo rounds are`} included free; only the marked portraits are made again.`
          : 'You have used the free redo round included with your package.'}
      </p>
      {results.isPending ? (
        <LoadingBlock label="Loading your portraits…" />
      ) : results.isError ? (
        <Alert tone="error" className="mt-4">
          {errorMessage(results.error)}
        </Alert>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-zinc-600">There are no released portraits to redo.</p>
      ) : (
        <>
          <ul
            className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-8"
            aria-label="Portraits to redo"
          >
            {list.map((r) => {
              const label = labelOf(r);
              return (
                <li key={r.id}>
                  <label
                    className={cx(
                      'relative block cursor-pointer overflow-hidden rounded-xl border-2',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                      r.redoRequested ? 'border-amber-500' : 'border-transparent',
                      remaining === 0 && 'cursor-not-allowed opacity-60',
                    )}
                  >
                    <input
                      type="checkbox"
                      className="sr-only"
                      checked={r.redoRequested}
                      disabled={remaining === 0 || redo.isPending}
                      onChange={() =>
                        update.mutate({ id: r.id, change: { redoRequested: !r.redoRequested } })
                      }
                    />
                    <span className="sr-only">Redo {label}</span>
                    <ProtectedImage record={r} filename={r.file} thumb="160x200" alt="" ratio={0.8} />
                    {r.redoRequested ? (
                      <span
                        className="absolute inset-x-0 bottom-0 bg-amber-500 py-0.5 text-center text-xs font-semibold text-zinc-950"
                        aria-hidden="true"
                      >
                        Redo
                      </span>
                    ) : null}
                  </label>
                </li>
              );
            })}
          </ul>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button
              variant="primary"
              disabled={remaining === 0 || flagged.length === 0}
              loading={redo.isPending}
              onClick={() => setConfirming(true)}
            >
              Redo {flagged.length || ''} portrait{flagged.length === 1 ? '' : 's'}
            </Button>
            <p className="text-sm text-zinc-600" aria-live="polite">
              {flagged.length} marked
            </p>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Redo ${flagged.length} portrait${flagged.length === 1 ? '' : 's'}?`}
            description={
              `We make ${flagged.length === 1 ? 'this portrait' : 'these portraits'} again; the others stay as they are. ` +
              (after > 0
                ? `You will have ${after} free redo round${after === 1 ? '' : 's'} left.`
                : 'This uses your free redo round: there is none left after it.')
            }
            confirmLabel="Use my redo round"
            onConfirm={() => redo.mutateAsync(flagged.map((r) => r.id))}
          >
            <ul className="mb-4 flex flex-col gap-4 text-sm text-zinc-700" data-testid="redo-confirm-list">
              {flagged.map((r) => (
                <li key={r.id}>
                  <TextAreaField
                    label={`What is wrong with ${labelOf(r)}?`}
                    optional
                    rows={2}
                    className="min-h-16"
                    maxLength={MAX_REDO_REASON}
                    value={reasons[r.id] ?? ''}
                    onChange={(e) => setReasons((all) => ({ ...all, [r.id]: e.target.value }))}
                    description="Our team reads this when they check the new portrait."
                  />
                </li>
              ))}
            </ul>
          </ConfirmDialog>
          {update.isError ? (
            <Alert tone="error" className="mt-3">
              {errorMessage(update.error)}
            </Alert>
          ) : null}
        </>
      )}
    </Card>
  );
}
