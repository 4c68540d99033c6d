import { useEffect, useId, useState, type ReactNode } from 'react';

export type NavItem = { href: string; label: string };

/**
 * The section links on a phone: a disclosure button (aria-expanded) opening a list under the
 * header, with `children` (the account actions that do not fit the header) under it on a phone.
 * A link, Escape or a wider window closes it; focus goes back to the button on Escape.
 */
export function SiteMenu({ items, children }: { items: NavItem[]; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonId = `${id}-button`;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      document.getElementById(buttonId)?.focus();
    };
    // note: where matchMedia is missing (old browsers, jsdom) the menu just stays as it is.
    const wide = typeof window.matchMedia === 'function' ? window.matchMedia('(min-width: 1024px)') : null;
    const onWide = () => wide?.matches && setOpen(false);
    document.addEventListener('keydown', onKey);
    wide?.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide?.removeEventListener('change', onWide);
    };
  }, [open, buttonId]);

  return (
    <div className="lg:hidden">
      <button
        id={buttonId}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex size-11 items-center justify-center rounded-lg text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="sr-only">Menu</span>
        <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
          <path
            d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <nav
        id={`${id}-panel`}
        aria-label="Sections"
        hidden={!open}
        className="absolute inset-x-0 top-16 border-b border-zinc-200 bg-white shadow-md"
      >
        <ul className="mx-auto flex max-w-6xl flex-col px-4 py-2 text-base font-medium text-zinc-800 sm:px-6">
          {items.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                onClick={() => setOpen(false)}
                className="block rounded-lg px-3 py-3 hover:bg-zinc-100"
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        {children ? (
          <div className="mx-auto max-w-6xl border-t border-zinc-200 px-4 py-3 sm:hidden">{children}</div>
        ) : null}
      </nav>
    </div>
  );
}
