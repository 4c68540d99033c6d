import { useEffect, useState } from 'react';
import { cx } from '../../../ui/cx';
import { adminFileUrl } from '../data/admin-actions';
import { useAdminFileToken } from '../data/use-admin-file-token';

type Props = {
  record: { id: string; collectionId?: string; collectionName?: string };
  filename: string;
  thumb?: string;
  alt: string;
  /** width / height of the box, reserved before the image loads. */
  ratio: number;
  className?: string;
  fit?: 'cover' | 'contain';
  loading?: 'lazy' | 'eager';
};

/**
 * A protected file shown to an operator (the admin client's file token; the customer's
 * `ProtectedImage` uses the customer's). The URL keeps its first token so a background refresh never
 * reloads a visible image; a failed load retries once with a fresh token.
 */
export function AdminImage({
  record,
  filename,
  thumb,
  alt,
  ratio,
  className,
  fit = 'cover',
  loading,
}: Props) {
  const { token, renew } = useAdminFileToken();
  // note: the URL is built once per file (a regenerated result keeps its record, not its file name).
  const [shown, setShown] = useState({ file: '', src: '' });
  const [retried, setRetried] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!token || !filename || shown.file === filename) return;
    setShown({ file: filename, src: adminFileUrl(record, filename, { thumb, token }) });
    setRetried(false);
    setFailed(false);
  }, [token, filename, shown.file, record, thumb]);

  const onError = () => {
    if (retried) return setFailed(true);
    setRetried(true);
    void renew().then((fresh) =>
      setShown({
        file: filename,
        src: fresh ? adminFileUrl(record, filename, { thumb, token: fresh }) : '',
      }),
    );
  };
  const src = shown.file === filename ? shown.src : '';

  return (
    <div
      className={cx('relative overflow-hidden bg-zinc-200', className)}
      style={{ aspectRatio: String(ratio) }}
    >
      {src && !failed ? (
        <img
          src={src}
          alt={alt}
          loading={loading ?? 'lazy'}
          decoding="async"
          onError={onError}
          className={cx('absolute inset-0 size-full', fit === 'cover' ? 'object-cover' : 'object-contain')}
        />
      ) : null}
      {failed ? (
        <span className="absolute inset-0 flex items-center justify-center p-2 text-center text-xs text-zinc-500">
          Image unavailable
        </span>
      ) : null}
    </div>
  );
}
