import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../ui';
import { engineSummary } from '../../shared/engine-text';
import { usePublicConfig } from './use-catalog';

function Silhouette({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 200 240" preserveAspectRatio="xMidYMax meet" className={className} aria-hidden="true">
      <circle cx="100" cy="92" r="42" fill="currentColor" />
      <rect x="84" y="118" width="32" height="44" rx="12" fill="currentColor" />
      <path d="M20 240c0-52 36-88 80-88s80 36 80 88z" fill="currentColor" />
    </svg>
  );
}

/** Decorative: a selfie turning into a studio portrait (pure SVG, nothing to download). */
function Illustration() {
  return (
    <div className="relative mx-auto aspect-[5/4] w-full max-w-xs sm:max-w-md" aria-hidden="true">
      <div
        className="absolute left-0 top-6 w-[46%] -rotate-6 overflow-hidden rounded-2xl border-4 border-white bg-gradient-to-b from-zinc-200 to-zinc-300 shadow-lg"
        style={{ aspectRatio: '3 / 4' }}
      >
        <Silhouette className="absolute inset-x-0 bottom-0 text-zinc-400" />
        <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-[11px] font-medium text-zinc-600">
          Your selfie
        </span>
      </div>
      <div
        className="absolute right-0 top-0 w-[58%] rotate-3 overflow-hidden rounded-2xl border-4 border-white shadow-xl"
        style={{ aspectRatio: '4 / 5', background: 'linear-gradient(90deg, #9a9fa5, #55595e)' }}
      >
        <Silhouette className="absolute inset-x-0 bottom-0 text-zinc-900" />
        <span className="absolute bottom-2 left-2 rounded-full bg-white/90 px-2 py-0.5 text-[11px] font-medium text-zinc-700">
          Corporate Grey Studio
        </span>
      </div>
    </div>
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
            Upload a few everyday photos, pick the looks you want, and get studio-quality headshots for
            LinkedIn, your website or your CV — no photographer, no studio.
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
        <Illustration />
      </div>
    </section>
  );
}
