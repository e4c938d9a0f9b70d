// The e-mail a new admin receives (HTML and text): where to sign in, and how to set a password for a new account.
import type { OutgoingMail } from '../adapters/mail';
import { fillTemplate } from './fill';
import { brandScope } from './layout';
import { adminInviteTemplate } from './templates.generated';

export function adminInviteMail({ to, signInLink, newAccount }: { to: string; signInLink: string; newAccount: boolean }): OutgoingMail {
  const setPassword = newAccount ? `An account was created for ${to}. Choose 'Forgot password?' on the sign-in page to set your password.` : 'Sign in with your usual e-mail and password.';
  return {
    to: [to],
    subject: 'You are now a CardCrew admin',
    text: ['You have been given admin access to CardCrew.', '', setPassword, '', signInLink].join('\n'),
    html: fillTemplate(adminInviteTemplate, { to, signInLink, newAccount }, brandScope(null)),
  };
}
