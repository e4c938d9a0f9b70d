// Toasts without sonner in a page's code (issue 25 §1): sonner loads with the first toast. Loaded with a page, its
// evaluation inserts sonner's stylesheet, a forced style pass in the page's first task (up to 18 ms on a phone). The
// toaster that shows them is mounted once the page is interactive (app/providers.tsx); a toast raised meanwhile waits
// in sonner's queue.
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Kind = 'success' | 'error' | 'info' | 'warning';
type Message = Parameters<typeof sonnerToast.success>[0];

const sonner = () => import('sonner').then((m) => m.toast);

function show(kind: Kind) {
  return (message: Message, data?: ExternalToast): void => {
    void sonner().then((toast) => toast[kind](message, data));
  };
}

/** sonner's `toast.success/error/info/warning`, loading sonner on first use. */
export const toast = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };
