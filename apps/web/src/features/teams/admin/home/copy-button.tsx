import { useState } from 'react';
import { Button } from '../../../../ui';

/** Copies a text (an invite link) and says so; when the clipboard is refused, it says that instead. */
export function CopyButton({ text, label = 'Copy link' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button size="sm" variant="secondary" onClick={() => void copy()}>
        {label}
      </Button>
      <span aria-live="polite" className="text-xs text-zinc-600">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select the link and copy it' : ''}
      </span>
    </span>
  );
}
