import { useEffect, useRef } from 'react';
import { commandForKey, type ReviewCommand } from './review-keys';

/** Typing in a field or working in a dialog is never a review shortcut. */
function ignored(e: KeyboardEvent): boolean {
  const target = e.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="listbox"]'))
    return true;
  // note: Enter and Space on another button (a tile's Approve, say) press that button.
  if (
    (e.key === 'Enter' || e.key === ' ') &&
    target?.closest('button, a') &&
    !target.closest('[data-review-tile]')
  )
    return true;
  return !!document.querySelector('[role="dialog"], [role="alertdialog"]');
}

/** Runs `onCommand` for the review shortcuts pressed anywhere on the page while it is mounted. */
export function useReviewKeys(onCommand: (command: ReviewCommand) => void, enabled = true): void {
  const handler = useRef(onCommand);
  handler.current = onCommand;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || ignored(e)) return;
      const command = commandForKey(e);
      if (!command) return;
      // note: arrows would scroll and Space would page down; the screen owns these keys here.
      e.preventDefault();
      handler.current(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
