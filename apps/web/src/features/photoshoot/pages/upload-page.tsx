import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Alert, Button, LoadingBlock } from '../../../ui';
import { useAuth } from '../../../lib/use-auth';
import { FlowFrame } from '../components/flow-frame';
import { useFlowPage } from '../components/use-flow-page';
import { useFlow } from '../flow-context';
import { keys } from '../../../shared/data/query-keys';
import { countByQc, deleteOriginal, usePhotos } from '../data/use-photos';
import type { OriginalPhoto, Photoshoot } from '../../../shared/records';
import { PhotoTile } from '../upload/photo-tile';
import { Uploader } from '../upload/uploader';
import { usePublicConfig, WithLimits, type PhotoshootLimits } from '../../../shared/public-config';
import { UploadRules } from '../upload/upload-rules';
import { PrivacyNote } from '../../../shared/privacy-note';
import { useQcAnnouncer } from '../upload/use-qc-announcer';
import { LoadFailed } from '../../../ui/load-failed';

export default function UploadPage() {
  const { query, photoshoot } = useFlowPage('upload');
  const limits = usePublicConfig().data?.photoshoots;
  return (
    <FlowFrame
      step="upload"
      title="Upload your selfies"
      description={`Add ${limits ? `${limits.minAcceptedPhotos} to ${limits.maxPhotos} ` : ''}photos of yourself. Each one is checked in a few seconds.`}
      query={query}
      photoshoot={photoshoot}
    >
      {(p) => <WithLimits>{(l) => <UploadStep photoshoot={p} limits={l} />}</WithLimits>}
    </FlowFrame>
  );
}

function UploadStep({ photoshoot, limits }: { photoshoot: Photoshoot; limits: PhotoshootLimits }) {
  const flow = useFlow();
  const { user } = useAuth();
  const client = useQueryClient();
  const navigate = useNavigate();
  const photos = usePhotos(photoshoot.id);
  const [removing, setRemoving] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState('');
  const list = photos.data ?? [];
  const counts = countByQc(photos.data);
  const enough = counts.accepted >= limits.minAcceptedPhotos;

  const labelOf = useCallback(
    (p: OriginalPhoto) => `Photo ${Math.max(1, (photos.data ?? []).findIndex((x) => x.id === p.id) + 1)}`,
    [photos.data],
  );
  const qcNews = useQcAnnouncer(photos.data, labelOf);

  const onUploaded = useCallback(
    (record: OriginalPhoto) =>
      client.setQueryData<OriginalPhoto[]>(keys.photos(photoshoot.id), (current) =>
        current?.some((p) => p.id === record.id) ? current : [...(current ?? []), record],
      ),
    [client, photoshoot.id],
  );

  const remove = async (photo: OriginalPhoto) => {
    setRemoving(photo.id);
    setRemoveError('');
    try {
      await deleteOriginal(photo.id);
      client.setQueryData<OriginalPhoto[]>(keys.photos(photoshoot.id), (current) =>
        current?.filter((p) => p.id !== photo.id),
      );
    } catch (err) {
      setRemoveError(errorMessage(err));
    } finally {
      setRemoving(null);
    }
  };

  const continueButton = (
    <Button
      size="lg"
      className="shrink-0"
      disabled={!enough}
      onClick={() => void navigate({ href: flow.path('styles') })}
      aria-describedby="accepted-counter"
    >
      Continue to styles
    </Button>
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <UploadRules />
        <PrivacyNote className="text-sm text-zinc-700" />
        <Uploader
          photoshootId={photoshoot.id}
          userId={user?.id ?? photoshoot.user}
          photoCount={counts.total - counts.rejected}
          maxPhotos={limits.maxPhotos}
          onUploaded={onUploaded}
        />

        <section aria-labelledby="photos-title">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="photos-title" className="text-lg font-semibold text-zinc-900">
              Your photos
            </h2>
            <p className="text-sm text-zinc-600">
              {counts.total - counts.rejected} of {limits.maxPhotos} photos
              {counts.rejected ? ' · the ones not usable do not count' : ''}
            </p>
          </div>
          <p className="sr-only" aria-live="polite" data-testid="qc-announcer">
            {qcNews}
          </p>
          {removeError ? (
            <Alert tone="error" className="mb-3">
              {removeError}
            </Alert>
          ) : null}
          {photos.isPending ? (
            <LoadingBlock label="Loading your photos…" />
          ) : photos.isError ? (
            <LoadFailed
              title="Could not load your photos"
              error={photos.error}
              onRetry={() => void photos.refetch()}
            />
          ) : list.length === 0 ? (
            <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600">
              No photos yet. Your uploads appear here with the result of their check.
            </p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-label="Uploaded photos">
              {list.map((p) => (
                <PhotoTile
                  key={p.id}
                  photo={p}
                  label={labelOf(p)}
                  removing={removing === p.id}
                  onRemove={() => void remove(p)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>

      {/* On a desktop the counter sits beside the photos; on a phone it is a bar at the bottom. */}
      <aside className="sticky bottom-0 z-20 -mx-4 border-t border-zinc-200 bg-white px-4 py-3 sm:-mx-6 sm:px-6 lg:top-20 lg:bottom-auto lg:mx-0 lg:flex lg:flex-col lg:gap-4 lg:self-start lg:border-0 lg:bg-transparent lg:p-0">
        <div className="flex items-center gap-3 lg:flex-col lg:items-stretch">
          <AcceptedCounter
            min={limits.minAcceptedPhotos}
            accepted={counts.accepted}
            pending={counts.pending}
            rejected={counts.rejected}
          />
          {continueButton}
        </div>
      </aside>
    </div>
  );
}

function AcceptedCounter({
  min,
  accepted,
  pending,
  rejected,
}: {
  min: number;
  accepted: number;
  pending: number;
  rejected: number;
}) {
  const percent = Math.min(100, Math.round((accepted / min) * 100));
  const missing = Math.max(0, min - accepted);
  return (
    <div
      className="min-w-0 flex-1 lg:rounded-2xl lg:border lg:border-zinc-200 lg:bg-white lg:p-4"
      id="accepted-counter"
    >
      <div aria-live="polite" data-testid="accepted-counter">
        <p className="text-sm font-semibold text-zinc-900">{acceptedCount(accepted, min)}</p>
        <p className="mt-0.5 hidden text-sm text-zinc-600 sm:block">
          {missing > 0
            ? `${missing} more accepted photo${missing === 1 ? '' : 's'} needed to continue.`
            : 'That is enough to continue. More variety can still improve the results.'}
        </p>
      </div>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-200 lg:mt-3" aria-hidden="true">
        <div
          className={`h-full rounded-full transition-[width] duration-300 ${missing ? 'bg-brand-600' : 'bg-emerald-600'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      {pending || rejected ? (
        <p className="mt-2 hidden text-xs text-zinc-500 sm:block">
          {pending ? `${pending} being checked` : ''}
          {pending && rejected ? ' · ' : ''}
          {rejected ? `${rejected} not usable` : ''}
        </p>
      ) : null}
    </div>
  );
}

/** "3 of 6 accepted photos"; past the minimum, "7 accepted photos (6 needed)", never "7 of 6". */
export function acceptedCount(accepted: number, min: number): string {
  return accepted > min
    ? `${accepted} accepted photos (${min} needed)`
    : `${accepted} of ${min} accepted photos`;
}
