import { useEffect, useRef, useState } from 'react';
import type { OriginalPhoto } from '../../../shared/records';

/** One sentence for a live region each time a photo's check result comes in. */
export function useQcAnnouncer(
  photos: OriginalPhoto[] | undefined,
  labelOf: (p: OriginalPhoto) => string,
): string {
  const seen = useRef<Map<string, string> | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!photos) return;
    const previous = seen.current;
    const next = new Map(photos.map((p) => [p.id, p.qc || 'pending']));
    seen.current = next;
    // note: the first list is what was already there; only later changes are news.
    if (!previous) return;
    const news: string[] = [];
    for (const p of photos) {
      const before = previous.get(p.id) ?? 'pending';
      if (before === p.qc) continue;
      if (p.qc === 'accepted') news.push(`${labelOf(p)} accepted.`);
      if (p.qc === 'rejected') {
        const reasons = (p.qcReasons ?? []).map((r) => r.message).join(' ');
        news.push(`${labelOf(p)} cannot be used. ${reasons}`.trim());
      }
    }
    if (news.length) setMessage(news.join(' '));
  }, [photos, labelOf]);
  return message;
}
