import type { ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ErrorPage } from '../features/errors/error-page';
import { NotFoundPage } from '../features/errors/not-found-page';
import { useInShell } from '../ui/shell-context';
import { PublicShell } from './public-layout';

/**
 * The error and not-found pages as the router shows them by default. They can show up at the root
 * (no frame yet) or inside a layout's outlet; they get the public frame only in the first case, so
 * there is never a second header.
 */
export function FramedErrorPage({ error }: Pick<ErrorComponentProps, 'error'>) {
  return (
    <Frame>
      <ErrorPage error={error} />
    </Frame>
  );
}

export function FramedNotFoundPage() {
  return (
    <Frame>
      <NotFoundPage />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return useInShell() ? <>{children}</> : <PublicShell>{children}</PublicShell>;
}
