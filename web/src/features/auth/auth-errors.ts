// Toasts for auth failures with the spec's wording (spec 1 §8).
import { messages } from '@shared/messages';
import { AuthError } from 'aws-amplify/auth';
import { toast } from 'sonner';

export function toastAuthError(error: unknown): void {
  if (error instanceof AuthError || (error instanceof Error && error.name.endsWith('Exception'))) {
    toast.error(messages.auth.authError, { description: error.message });
    return;
  }
  console.error(error);
  toast.error('Error', { description: messages.auth.unexpected });
}

export function toastFillAllFields(): void {
  toast.error('Error', { description: messages.auth.fillAllFields });
}
