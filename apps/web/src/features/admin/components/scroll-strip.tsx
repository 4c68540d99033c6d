import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from '../../../ui/cx';

type Edges = { overflows: boolean; before: boolean; after: boolean };

const NONE: Edges = { overflows: false, before: false, after: false };

/** What of the list is out of sight on either side (a pixel of slack for sub-pixel widths). */
function measure(el: HTMLElement): Edges {
  const overflows = el.scrollWidth > el.clientWidth + 1;
  return {
    overflows,
    before: overflows && el.scrollLeft > 1,
    after: overflows && el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
  };
}

/** Brings `item` (the current link by default) wholly into sight, clear of the faded edges. */
function reveal(el: HTMLElement, item = el.querySelector<HTMLElement>('[aria-current="page"]')): void {
  if (!item || el.scrollWidth <= el.clientWidth) return;
  const margin = 32;
  const start = item.offsetLeft - margin;
  const end = item.offsetLeft + item.offsetWidth + margin - el.clientWidth;
  if (start < el.scrollLeft) el.scrollLeft = Math.max(0, start);
  else if (end > el.scrollLeft) el.scrollLeft = end;
}

/**
 * A horizontal list of links on a dark band that may be wider than the screen (the back office's
 * menu on a phone). A list cut off at the edge reads as complete, so whatever is out of sight is
 * shown: the edge on that side fades, and arrow buttons scroll it. The arrows are buttons in the tab
 * order (greyed, not removed, at the end, so focus never vanishes under a keyboard user); a link
 * tabbed to scrolls wholly into view. `current` changes bring the current link into
 * sight. Where the list fits (the wide layout's column), none of this shows.
 */
export function ScrollStrip({
  label,
  current,
  listClassName,
  children,
}: {
  /** What the list is, for the arrows' names ("Scroll the menu left"). */
  label: string;
  /** The current page: when it changes, its link is scrolled into sight. */
  current: string;
  listClassName: string;
  children: ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState<Edges>(NONE);
  const update = useCallback(() => {
    if (list.current) setEdges(measure(list.current));
  }, []);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    update();
    el.addEventListener('scroll', update, { passive: true });
    // note: the browser scrolls a tabbed-to link only until part of it shows; show all of it.
    const focused = (e: FocusEvent) => {
      if (e.target instanceof HTMLElement) reveal(el, e.target);
    };
    el.addEventListener('focusin', focused);
    // note: the list's width changes with the window, and its content with the fonts loading.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      el.removeEventListener('focusin', focused);
      resized?.disconnect();
    };
  }, [update]);

  // note: again once the list is found to overflow: the arrows then take some of its width.
  useEffect(() => {
    if (list.current) reveal(list.current);
    update();
  }, [current, edges.overflows, update]);

  const scroll = (direction: -1 | 1) => {
    const el = list.current;
    if (!el) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * Math.round(el.clientWidth * 0.7), behavior: still ? 'auto' : 'smooth' });
  };

  return (
    <div className="flex items-center gap-1 px-1 md:block md:px-0">
      {edges.overflows ? (
        <Arrow direction={-1} label={label} enabled={edges.before} onClick={() => scroll(-1)} />
      ) : null}
      <div className="relative min-w-0 flex-1">
        <ul ref={list} className={cx('relative', listClassName)}>
          {children}
        </ul>
        <Fade side="left" shown={edges.before} />
        <Fade side="right" shown={edges.after} />
      </div>
      {edges.overflows ? (
        <Arrow direction={1} label={label} enabled={edges.after} onClick={() => scroll(1)} />
      ) : null}
    </div>
  );
}

function Fade({ side, shown }: { side: 'left' | 'right'; shown: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-testid={`strip-fade-${side}`}
      data-shown={shown}
      className={cx(
        'pointer-events-none absolute inset-y-0 w-10 from-zinc-900 to-transparent transition-opacity md:hidden',
        side === 'left' ? 'left-0 bg-gradient-to-r' : 'right-0 bg-gradient-to-l',
        shown ? 'opacity-100' : 'opacity-0',
      )}
    />
  );
}

function Arrow({
  direction,
  label,
  enabled,
  onClick,
}: {
  direction: -1 | 1;
  label: string;
  enabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={`Scroll ${label} ${direction < 0 ? 'left' : 'right'}`}
      // note: aria-disabled, not disabled: a disabled button drops the keyboard focus it holds.
      aria-disabled={!enabled}
      onClick={enabled ? onClick : undefined}
      className={cx(
        'mb-3 flex size-9 shrink-0 items-center justify-center rounded-full md:hidden',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white',
        enabled ? 'bg-white/10 text-white hover:bg-white/20' : 'cursor-default text-zinc-600',
      )}
    >
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5">
        <path
          fillRule="evenodd"
          clipRule="evenodd"
          d={
            direction < 0
              ? 'M12.8 4.2a.75.75 0 0 1 0 1.06L8.06 10l4.74 4.74a.75.75 0 1 1-1.06 1.06l-5.27-5.27a.75.75 0 0 1 0-1.06l5.27-5.27a.75.75 0 0 1 1.06 0Z'
              : 'M7.2 4.2a.75.75 0 0 1 1.06 0l5.27 5.27a.75.75 0 0 1 0 1.06L8.26 15.8a.75.75 0 1 1-1.06-1.06L11.94 10 7.2 5.26a.75.75 0 0 1 0-1.06Z'
          }
        />
      </svg>
    </button>
  );
}
