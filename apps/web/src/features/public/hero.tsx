import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../ui';
import { engineSummary } from '../../shared/engine-text';
import { usePublicConfig } from './use-catalog';

// note: plain files from public/, not bundled imports: the prerendered page (built in Node) and the
// app must name the same URLs, and a bundled import has no hashed URL when prerendering.
const beforeUrl = '/hero/before-selfie.webp';
const afterUrl = '/hero/after-corporate-grey.webp';
// The sample is a well-lit portrait, the studio engine's best case: said so, not passed off as a selfie.
const CAPTION = 'A well-lit sample photo and the built-in studio engine’s portrait of it.';

/**
 * A real before and after made by the product: the committed public-domain sample portrait and the
 * studio engine's render of it in Corporate Grey Studio (apps/server/assets/style-previews), as
 * small WebP files with their size set. The after image is the largest thing above the fold, so it
 * loads eagerly with high priority rather than lazily.
 */
function BeforeAfter() {
  return (
    <figure className="relative mx-auto aspect-[5/4] w-full max-w-xs sm:max-w-md">
      <div className="absolute left-0 top-6 w-[46%] -rotate-6 overflow-hidden rounded-2xl border-4 border-white bg-zinc-200 shadow-lg">
        <img
          src={beforeUrl}
          width={300}
          height={384}
          alt="Before: a sample photo, a well-lit portrait against a plain wall"
          className="block aspect-[300/384] h-auto w-full object-cover"
          decoding="async"
        />
        <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-[11px] font-medium text-zinc-700">
          Sample photo
        </span>
      </div>
      <div className="absolute right-0 top-0 w-[58%] rotate-3 overflow-hidden rounded-2xl border-4 border-white bg-zinc-500 shadow-xl">
        <img
          src={afterUrl}
          width={400}
          height={500}
          alt="After: the same person as a studio portrait in the Corporate Grey Studio style"
          className="block aspect-[4/5] h-auto w-full object-cover"
          fetchPriority="high"
          loading="eager"
        />
        <span className="absolute bottom-2 left-2 rounded-full bg-white/90 px-2 py-0.5 text-[11px] font-medium text-zinc-700">
          Corporate Grey Studio
        </span>
      </div>
      <figcaption className="absolute inset-x-0 bottom-0 text-center text-xs text-zinc-600">
        {CAPTION}
      </figcaption>
    </figure>
  );
}

export function Hero({ signedIn }: { signedIn: boolean }) {
  const summary = engineSummary(usePublicConfig().data?.engine);
  return (
    <section
      aria-labelledby="hero-title"
      className="overflow-hidden bg-gradient-to-b from-brand-50 to-zinc-50"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2">
        <div>
          <p className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 ring-1 ring-brand-200">
            AI photoshoot · checked by people
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-zinc-900 sm:text-5xl">
            Professional portraits from your selfies
          </h1>
          <p className="mt-5 max-w-xl text-lg text-zinc-600">
            Upload a few clear photos of yourself, pick the looks you want, and get portraits for LinkedIn,
            your website or your CV — no photographer, no studio.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={signedIn ? '/dashboard' : '/register'} className={buttonClasses('primary', 'lg')}>
              {signedIn ? 'Go to your dashboard' : 'Start your photoshoot'}
            </Link>
            <a href="#styles" className={buttonClasses('secondary', 'lg')}>
              See the styles
            </a>
          </div>
          <p className="mt-4 text-sm text-zinc-500">
            One-time payment · free redo round · your selfies stay private
          </p>
          {summary ? <p className="mt-3 max-w-xl text-sm text-zinc-600">{summary}</p> : null}
        </div>
        <BeforeAfter />
      </div>
    </section>
  );
}
