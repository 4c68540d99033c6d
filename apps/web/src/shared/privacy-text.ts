import type { PublicConfig } from '@photoshoot/contract';

/**
 * Where customers' photos go, in their words, from the server's privacy mode: `local` when every
 * configured provider runs on the service's own machines (studio engine, the operator's ComfyUI
 * servers), `hosted` when a hosted AI service may receive them. Unknown yet: nothing is promised.
 */
export function privacyPromise(mode: PublicConfig['privacy'] | undefined): string {
  if (mode === 'local')
    return 'Your photos never leave our own servers: your portraits are made on machines we run, and no outside AI service receives them.';
  if (mode === 'hosted')
    return 'To create your portraits, your photos are sent to an outside AI image service that processes them on our behalf.';
  return '';
}
