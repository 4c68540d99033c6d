import * as RadixDialog from '@radix-ui/react-dialog';
import type { KeyboardEvent } from 'react';
import { buttonClasses } from '../../../ui';
import { ProtectedImage } from '../components/protected-image';
import { useFileToken } from '../data/use-file-token';
import type { Result } from '../../../shared/records';
import { resultDownloadUrl } from './download-link';
import { FavoriteButton } from './favorite-button';
import { RatingStars } from './rating-stars';

type Props = {
  results: Result[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** The portrait's name on every page ("Warm Office portrait 3"). */
  labelOf: (r: Result) => string;
  onFavorite: (r: Result) => void;
  onRate: (r: Result, rating: number) => void;
};

/** One result at a time, large: arrows (buttons or keys) move through them, Escape closes. */
export function Lightbox({ results, index, onIndexChange, labelOf, onFavorite, onRate }: Props) {
  const { token } = useFileToken();
  const open = index !== null && index >= 0 && index < results.length;
  const result = open ? results[index] : undefined;
  const go = (delta: number) => {
    if (index === null || !results.length) return;
    onIndexChange((index + delta + results.length) % results.length);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // note: inside the star rating, arrows belong to the radio group.
    if ((e.target as HTMLElement).tagName === 'INPUT') return;
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    }
  };
  const ratio = result?.width && result?.height ? result.width / result.height : 0.8;

  return (
    <RadixDialog.Root open={open} onOpenChange={(o) => !o && onIndexChange(null)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/90" />
        <RadixDialog.Content
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-3 focus:outline-none sm:p-6"
          data-testid="lightbox"
        >
          {result ? (
            <>
              <div className="flex w-full max-w-5xl items-center justify-between gap-3 text-white">
                <RadixDialog.Title className="min-w-0 truncate text-sm font-medium sm:text-base">
                  {labelOf(result)}
                  <span className="sr-only">
                    , {index! + 1} of {results.length} shown
                  </span>
                </RadixDialog.Title>
                <RadixDialog.Close
                  aria-label="Close"
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                >
                  <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
                    <path
                      d="M5 5l10 10M15 5L5 15"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  </svg>
                </RadixDialog.Close>
              </div>
              <div className="relative flex min-h-0 w-full max-w-5xl flex-1 items-center justify-center">
                <div style={{ width: `min(100%, calc((100dvh - 11rem) * ${ratio}))` }}>
                  <ProtectedImage
                    key={result.id}
                    record={result}
                    filename={result.file}
                    alt={labelOf(result)}
                    ratio={ratio}
                    fit="contain"
                    className="rounded-lg bg-zinc-900"
                  />
                </div>
                {results.length > 1 ? (
                  <>
                    <button
                      type="button"
                      onClick={() => go(-1)}
                      aria-label="Previous portrait"
                      className="absolute left-0 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-3xl leading-none text-white hover:bg-white/25"
                    >
                      <span aria-hidden="true">‹</span>
                    </button>
                    <button
                      type="button"
                      onClick={() => go(1)}
                      aria-label="Next portrait"
                      className="absolute right-0 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-3xl leading-none text-white hover:bg-white/25"
                    >
                      <span aria-hidden="true">›</span>
                    </button>
                  </>
                ) : null}
              </div>
              <div className="flex w-full max-w-5xl flex-wrap items-center justify-center gap-3 rounded-xl bg-white px-3 py-2">
                <FavoriteButton
                  on={result.favorite}
                  onToggle={() => onFavorite(result)}
                  label={result.favorite ? 'Remove from favourites' : 'Add to favourites'}
                />
                <RatingStars
                  label="Rate this portrait"
                  value={result.rating || 0}
                  onChange={(n) => onRate(result, n)}
                  size="sm"
                />
                <a
                  href={token ? resultDownloadUrl(result, token) : undefined}
                  download
                  className={buttonClasses('secondary', 'sm')}
                >
                  Download
                </a>
              </div>
            </>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
