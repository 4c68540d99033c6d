import { useEffect, useState } from 'react';
import { protectedFileUrl } from '../../../shared/data/file-token';
import { cx } from '../../../ui';
import { useFileToken } from '../data/use-file-token';

type Props = {
  record: { id: string; collectionId?: string; collectionName?: string };
  filename: string;
  thumb?: string;
  alt: string;
  /** width / height of the box, reserved before the image loads so nothing shifts. */
  ratio: number;
  className?: string;
  imgClassName?: string;
  fit?: 'cover' | 'contain';
};

/**
 * An image of a protected file. The URL keeps the token it was first built with, so a background
 * token refresh never reloads a visible image; a load failure (an expired token) retries once with
 * a fresh token.
 */
export function ProtectedImage({
  record,
  filename,
  thumb,
  alt,
  ratio,
  className,
  imgClassName,
  fit = 'cover',
}: Props) {
  const { token, renew } = useFileToken();
  const [src, setSrc] = useState('');
  const [retried, setRetried] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!src && token && filename) setSrc(protectedFileUrl(record, filename, { thumb, token }));
  }, [src, token, filename, record, thumb]);

  const onError = () => {
    if (retried) {
      setFailed(true);
      return;
    }
    setRetried(true);
    void renew().then((fresh) =>
      setSrc(fresh ? protectedFileUrl(record, filename, { thumb, token: fresh }) : ''),
    );
  };

  return (
    <div
      className={cx('relative overflow-hidden bg-zinc-100', !loaded && !failed && 'animate-pulse', className)}
      style={{ aspectRatio: String(ratio) }}
    >
      {src && !failed ? (
        <img
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          onLoad={() => setLoaded(true)}
          onError={onError}
          className={cx(
            'absolute inset-0 size-full transition-opacity duration-300',
            fit === 'cover' ? 'object-cover' : 'object-contain',
            loaded ? 'opacity-100' : 'opacity-0',
            imgClassName,
          )}
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
