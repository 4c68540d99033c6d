import { Link } from '@tanstack/react-router';

export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="9" className="fill-brand-600" />
      <circle cx="16" cy="17" r="7" fill="none" stroke="#fff" strokeWidth="3" />
      <rect x="11" y="6" width="10" height="4" rx="2" fill="#fff" />
    </svg>
  );
}

/** The brand mark and name, linking home. */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 rounded-lg font-bold tracking-tight text-zinc-900"
    >
      <LogoMark />
      <span className="text-lg max-[380px]:sr-only">Photoshoot</span>
    </Link>
  );
}
