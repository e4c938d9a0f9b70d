// Toasts for auth failures with the spec's wording (spec 1 §8).
import { messages } from '@shared/messages';
import { toast } from 'sonner';
import { loadedAuth } from '@web/lib/load-auth';

export function toastAuthError(error: unknown): void {
  // An AuthError comes from Amplify, so Amplify is loaded by then (this module must not import it: /auth's first load).
  const AuthError = loadedAuth()?.AuthError;
  if ((AuthError && error instanceof AuthError) || (error instanceof Error && error.name.endsWith('Exception'))) {
    toast.error(messages.auth.authError, { description: error.message });
    return;
  }
  console.error(error);
  toast.error('Error', { description: messages.auth.unexpected });
}

export function toastFillAllFields(): void {
  toast.error('Error', { description: messages.auth.fillAllFields });
}
