import type { ReactNode } from 'react';

/** A readable column for text pages (legal, contact, teams info). */
export function PublicPage({
  children,
  width = 'text',
}: {
  children: ReactNode;
  width?: 'narrow' | 'text' | 'wide';
}) {
  const max = width === 'narrow' ? 'max-w-2xl' : width === 'wide' ? 'max-w-6xl' : 'max-w-4xl';
  return <div className={`mx-auto px-4 py-12 sm:px-6 sm:py-16 ${max}`}>{children}</div>;
}
