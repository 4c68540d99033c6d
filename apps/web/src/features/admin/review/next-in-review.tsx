import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/use-toast';
import { nextInReview } from './data/next-in-review';

/** One action: open the next photoshoot waiting for review (or say there is none). */
export function useOpenNextInReview(except?: string) {
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const id = await nextInReview(except);
      if (id) await navigate({ to: '/admin/photoshoots/$id/review', params: { id } });
      else toast.success('Nothing else waits for review.');
    } catch {
      toast.error('The review queue could not be read.', 'Check the connection and try again.');
    } finally {
      setBusy(false);
    }
  };
  return { open, busy };
}

export function NextInReviewButton({ except, shortcut = false }: { except?: string; shortcut?: boolean }) {
  const { open, busy } = useOpenNextInReview(except);
  return (
    <Button onClick={() => void open()} loading={busy} aria-keyshortcuts={shortcut ? 'N' : undefined}>
      Review next waiting{shortcut ? <kbd className="ml-1 rounded bg-white/20 px-1.5 text-xs">N</kbd> : null}
    </Button>
  );
}
