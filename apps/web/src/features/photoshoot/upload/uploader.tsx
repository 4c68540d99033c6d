import { useState, type DragEvent } from 'react';
import { Button, cx } from '../../../ui';
import { ACCEPT_ATTRIBUTE } from '../constants';
import type { OriginalPhoto } from '../../../shared/records';
import { useUploadQueue, type UploadItem } from './use-upload-queue';

type Props = {
  photoshootId: string;
  userId: string;
  /** Photos the photoshoot already holds. */
  photoCount: number;
  /** Photos one photoshoot may hold (the public config's limit). */
  maxPhotos: number;
  onUploaded: (record: OriginalPhoto) => void;
  disabled?: boolean;
};

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Drop zone and file picker for selfies, and the list of uploads in flight, each with its own
 * progress bar and, when it fails, the reason and a way to retry.
 */
export function Uploader({
  photoshootId,
  userId,
  photoCount,
  maxPhotos,
  onUploaded,
  disabled = false,
}: Props) {
  const room = Math.max(0, maxPhotos - photoCount);
  const queue = useUploadQueue({ photoshootId, userId, room, maxPhotos, onUploaded });
  const [dragging, setDragging] = useState(false);
  const full = room - queue.inFlight <= 0;
  const blocked = disabled || full;

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (blocked) return;
    queue.add(Array.from(e.dataTransfer.files));
  };

  return (
    <div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!blocked) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="dropzone"
        className={cx(
          'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors sm:py-10',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-zinc-300 bg-white',
          blocked && 'opacity-70',
        )}
      >
        <svg viewBox="0 0 48 48" className="size-10 text-brand-600" aria-hidden="true">
          <path
            d="M24 32V12m0 0-8 8m8-8 8 8M10 30v6a4 4 0 0 0 4 4h20a4 4 0 0 0 4-4v-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className="text-sm text-zinc-700">
          <span className="hidden sm:inline">Drag your photos here, or choose them from your device.</span>
          <span className="sm:hidden">Take selfies or choose them from your photo library.</span>
        </p>
        <label
          className={cx(
            'relative inline-flex h-11 cursor-pointer items-center justify-center rounded-xl bg-brand-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            blocked && 'pointer-events-none bg-zinc-400',
          )}
        >
          Choose photos
          <input
            type="file"
            accept={ACCEPT_ATTRIBUTE}
            multiple
            disabled={blocked}
            className="sr-only"
            aria-describedby="upload-limits"
            onChange={(e) => {
              const files = Array.from(e.currentTarget.files ?? []);
              e.currentTarget.value = '';
              queue.add(files);
            }}
          />
        </label>
        <p id="upload-limits" className="text-xs text-zinc-500">
          {full && !disabled
            ? `This photoshoot holds the maximum of ${maxPhotos} photos. Remove one to add another.`
            : `JPEG, PNG or WebP, up to 20 MB each, at most ${maxPhotos} photos.`}
        </p>
      </div>

      <p className="sr-only" aria-live="polite" data-testid="upload-announcer">
        {queue.announcement}
      </p>

      {queue.items.length ? (
        <ul className="mt-4 flex flex-col gap-2" aria-label="Uploads">
          {queue.items.map((item) => (
            <UploadRow
              key={item.key}
              item={item}
              onCancel={() => queue.cancel(item.key)}
              onRetry={() => queue.retry(item.key)}
              onDismiss={() => queue.dismiss(item.key)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function UploadRow({
  item,
  onCancel,
  onRetry,
  onDismiss,
}: {
  item: UploadItem;
  onCancel: () => void;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const percent = Math.round(item.progress * 100);
  const failed = item.state === 'error';
  return (
    <li
      className={cx(
        'rounded-xl border bg-white px-3 py-2.5 sm:px-4',
        failed ? 'border-red-200 bg-red-50/40' : 'border-zinc-200',
      )}
      data-testid="upload-row"
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-zinc-900">{item.file.name}</p>
          <p className="text-xs text-zinc-500">
            {formatSize(item.file.size)}
            {item.state === 'queued' ? ' · waiting' : ''}
            {item.state === 'uploading' ? ` · ${percent === 100 ? 'processing…' : `${percent}%`}` : ''}
          </p>
        </div>
        {failed ? (
          <div className="flex shrink-0 gap-1">
            {item.canRetry ? (
              <Button size="sm" variant="secondary" onClick={onRetry} aria-label={`Retry ${item.file.name}`}>
                Retry
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={onDismiss} aria-label={`Dismiss ${item.file.name}`}>
              Dismiss
            </Button>
          </div>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            onClick={onCancel}
            aria-label={`Cancel upload of ${item.file.name}`}
          >
            Cancel
          </Button>
        )}
      </div>
      {failed ? (
        <p className="mt-1 text-sm text-red-700">{item.error}</p>
      ) : (
        <div
          role="progressbar"
          aria-label={`Uploading ${item.file.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-zinc-200"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </li>
  );
}
