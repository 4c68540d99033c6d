import { privacyPromise } from './privacy-text';
import { usePublicConfig } from './public-config';

/** The privacy promise of the configured service as one paragraph (nothing until it is known). */
export function PrivacyNote({ className = '' }: { className?: string }) {
  const text = privacyPromise(usePublicConfig().data?.privacy);
  if (!text) return null;
  return (
    <p data-testid="privacy-note" className={className}>
      {text}
    </p>
  );
}
