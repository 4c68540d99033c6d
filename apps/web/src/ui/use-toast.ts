import { createContext, useContext, useMemo } from 'react';

export type ToastTone = 'success' | 'error';
export type ToastMessage = { tone: ToastTone; title: string; description?: string };

export const ToastContext = createContext<((toast: ToastMessage) => void) | null>(null);

/**
 * Shows a short notice in the corner: `toast.success('Saved')`, `toast.error('Could not save', reason)`.
 * Needs a ToastProvider above.
 */
export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a <ToastProvider> above it.');
  return useMemo(
    () => ({
      show,
      success: (title: string, description?: string) => show({ tone: 'success', title, description }),
      error: (title: string, description?: string) => show({ tone: 'error', title, description }),
    }),
    [show],
  );
}
