import * as RadixToast from '@radix-ui/react-toast';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { cx } from './cx';
import { ToastContext, type ToastMessage, type ToastTone } from './use-toast';

/**
 * How long a notice stays. An error gets longer to be read; both pause while hovered or
 * focused (Radix), and F8 moves focus to them.
 */
const DURATION_MS: Record<ToastTone, number> = { success: 5_000, error: 10_000 };

const TONES: Record<ToastTone, string> = {
  success: 'border-emerald-200 bg-white text-zinc-900 [--toast-accent:var(--color-emerald-600)]',
  error: 'border-red-200 bg-red-50 text-red-900 [--toast-accent:var(--color-red-600)]',
};

type Shown = ToastMessage & { key: number };

/**
 * Renders the notices `useToast()` shows, in a corner region announced to screen readers
 * (politely for success, assertively for errors).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Shown[]>([]);
  const next = useRef(0);

  const show = useCallback((toast: ToastMessage) => {
    const key = ++next.current;
    setToasts((list) => [...list, { ...toast, key }]);
  }, []);

  const close = (key: number) => setToasts((list) => list.filter((t) => t.key !== key));

  return (
    <ToastContext.Provider value={show}>
      <RadixToast.Provider label="Notification" swipeDirection="right">
        {children}
        {toasts.map((t) => (
          <RadixToast.Root
            key={t.key}
            open
            onOpenChange={(open) => (open ? undefined : close(t.key))}
            duration={DURATION_MS[t.tone]}
            type={t.tone === 'error' ? 'foreground' : 'background'}
            className={cx(
              'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border py-3 pr-10 pl-4 shadow-lg',
              'border-l-4 border-l-[var(--toast-accent)]',
              'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
              TONES[t.tone],
            )}
          >
            <div className="min-w-0">
              <RadixToast.Title className="text-sm font-semibold">{t.title}</RadixToast.Title>
              {/* note: Radix announces the text nodes joined as they are; the space keeps title and description two words apart. */}
              {t.description ? ' ' : null}
              {t.description ? (
                <RadixToast.Description className="mt-0.5 text-sm opacity-90">
                  {t.description}
                </RadixToast.Description>
              ) : null}
            </div>
            <RadixToast.Close
              aria-label="Dismiss"
              className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-lg opacity-70 hover:bg-black/5 hover:opacity-100"
            >
              <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className="fixed right-0 bottom-0 z-[60] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}
