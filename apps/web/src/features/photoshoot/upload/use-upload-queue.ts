/**
 * The uploads in flight: each chosen file is pre-checked, queued, sent (a few at a time) with its
 * own progress, and either handed to `onUploaded` or kept with its error until dismissed or
 * retried. What happens is also put into one sentence for a screen reader's live region.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { PRECHECK_MESSAGES } from '../constants';
import type { OriginalPhoto } from '../../../shared/records';
import { precheckFile } from './precheck';
import { UploadError } from '../data/upload-file';
import { uploadOriginal } from '../data/upload-original';

/** Uploads sent at the same time; more would only split a phone's bandwidth. */
const PARALLEL = 3;

export type UploadItem = {
  key: string;
  file: File;
  state: 'queued' | 'uploading' | 'error';
  /** 0..1 of the bytes sent. */
  progress: number;
  error: string;
  /** Refusals of the file (pre-check, 4xx) cannot succeed on a retry; network and server failures may. */
  canRetry: boolean;
};

type Options = {
  photoshootId: string;
  userId: string;
  /** How many more photos the photoshoot can take, not counting uploads in flight. */
  room: number;
  /** Photos one photoshoot may hold, for the refusal message. */
  maxPhotos: number;
  onUploaded: (record: OriginalPhoto) => void;
};

let counter = 0;
const nextKey = () => `upload-${++counter}`;

export function useUploadQueue({ photoshootId, userId, room, maxPhotos, onUploaded }: Options) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const itemsRef = useRef<UploadItem[]>([]);
  const aborts = useRef(new Map<string, () => void>());
  const latest = useRef({ photoshootId, userId, room, maxPhotos, onUploaded });
  latest.current = { photoshootId, userId, room, maxPhotos, onUploaded };

  const update = useCallback((fn: (list: UploadItem[]) => UploadItem[]) => {
    itemsRef.current = fn(itemsRef.current);
    setItems(itemsRef.current);
  }, []);
  const patch = useCallback(
    (key: string, change: Partial<UploadItem>) =>
      update((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i))),
    [update],
  );

  const pump = useCallback(() => {
    const active = itemsRef.current.filter((i) => i.state === 'uploading').length;
    const waiting = itemsRef.current
      .filter((i) => i.state === 'queued')
      .slice(0, Math.max(0, PARALLEL - active));
    for (const item of waiting) {
      patch(item.key, { state: 'uploading', progress: 0, error: '' });
      const { photoshootId: photoshoot, userId: user } = latest.current;
      const handle = uploadOriginal({ photoshoot, user }, item.file, (progress) =>
        patch(item.key, { progress }),
      );
      aborts.current.set(item.key, handle.abort);
      handle.promise
        .then(
          (record) => {
            update((list) => list.filter((i) => i.key !== item.key));
            latest.current.onUploaded(record);
            setAnnouncement(`${item.file.name} uploaded. Checking it now…`);
          },
          (err: unknown) => {
            const message = err instanceof Error ? err.message : String(err);
            const canRetry = err instanceof UploadError ? err.retryable : true;
            patch(item.key, { state: 'error', error: message, canRetry });
            setAnnouncement(`${item.file.name}: ${message}`);
          },
        )
        .finally(() => {
          aborts.current.delete(item.key);
          pump();
        });
    }
  }, [patch, update]);

  const add = useCallback(
    (files: Iterable<File>) => {
      let free = latest.current.room - itemsRef.current.filter((i) => i.state !== 'error').length;
      const added: UploadItem[] = [];
      const refused: string[] = [];
      for (const file of files) {
        let error = precheckFile(file);
        if (!error && free <= 0) error = PRECHECK_MESSAGES.tooMany(latest.current.maxPhotos);
        if (error) {
          refused.push(`${file.name}: ${error}`);
          added.push({ key: nextKey(), file, state: 'error', progress: 0, error, canRetry: false });
        } else {
          free--;
          added.push({ key: nextKey(), file, state: 'queued', progress: 0, error: '', canRetry: false });
        }
      }
      if (!added.length) return;
      update((list) => [...list, ...added]);
      const queued = added.length - refused.length;
      setAnnouncement(
        [queued ? `Uploading ${queued} photo${queued === 1 ? '' : 's'}.` : '', ...refused]
          .filter(Boolean)
          .join(' '),
      );
      pump();
    },
    [pump, update],
  );

  const retry = useCallback(
    (key: string) => {
      patch(key, { state: 'queued', error: '', progress: 0 });
      pump();
    },
    [patch, pump],
  );

  const dismiss = useCallback((key: string) => update((list) => list.filter((i) => i.key !== key)), [update]);

  const cancel = useCallback(
    (key: string) => {
      const abort = aborts.current.get(key);
      if (abort) abort();
      else dismiss(key);
    },
    [dismiss],
  );

  // Leaving the page stops what is still being sent.
  useEffect(() => {
    const pending = aborts.current;
    return () => {
      for (const abort of pending.values()) abort();
    };
  }, []);

  const inFlight = items.filter((i) => i.state !== 'error').length;
  return { items, inFlight, announcement, add, retry, dismiss, cancel };
}
