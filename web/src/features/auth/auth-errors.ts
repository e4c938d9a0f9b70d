// Toasts for auth failures with the spec's wording (spec 1 §8).
import { messages } from '@shared/messages';
import { toast } from '@web/lib/toast';
import { loadedAuth } from '@web/lib/load-auth';

export function toastAuthError(error: unknown): void {
  // An AuthError comes from Amplify, so Amplify is loaded by then (this module must not import it: /auth's first load).
  const AuthError = loadedAuth()?.AuthError;
  if ((AuthError && error instanceof AuthError) || (error instanceof Error && error.name.endsWith('Exception'))) {
    // Cognito wraps a trigger's refusal ('PreAuthentication failed with error <reason>.', e.g. Require SSO): show the reason.
    toast.error(messages.auth.authError, { description: error.message.replace(/^\w+ failed with error (.*?)\.?$/s, '$1') });
    return;
  }
  console.error(error);
  toast.error('Error', { description: messages.auth.unexpected });
}

export function toastFillAllFields(): void {
  toast.error('Error', { description: messages.auth.fillAllFields });
}
