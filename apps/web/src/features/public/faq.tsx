import type { ReactNode } from 'react';

export type FaqItem = { q: string; a: ReactNode };

/** Questions as native disclosure widgets: keyboard and screen-reader friendly without script. */
export function Faq({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-white">
      {items.map((item) => (
        <details key={item.q} className="group px-5 py-4 [&_summary::-webkit-details-marker]:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg font-medium text-zinc-900">
            {item.q}
            <svg
              viewBox="0 0 20 20"
              className="size-5 shrink-0 text-zinc-400 transition-transform group-open:rotate-45"
              aria-hidden="true"
            >
              <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </summary>
          <div className="mt-3 text-sm leading-relaxed text-zinc-600">{item.a}</div>
        </details>
      ))}
    </div>
  );
}
