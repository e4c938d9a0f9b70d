// The e-mail a new admin receives (HTML and text): where to sign in, and how to set a password for a new account.
import type { OutgoingMail } from '../adapters/mail';
import { escapeHtml, htmlLayout } from './layout';

export function adminInviteMail({ to, signInLink, newAccount }: { to: string; signInLink: string; newAccount: boolean }): OutgoingMail {
  const setPassword = newAccount ? `An account was created for ${to}. Choose 'Forgot password?' on the sign-in page to set your password.` : 'Sign in with your usual e-mail and password.';
  return {
    to: [to],
    subject: 'You are now a CardCrew admin',
    text: ['You have been given admin access to CardCrew.', '', setPassword, '', signInLink].join('\n'),
    html: htmlLayout(
      'You are now a CardCrew admin',
      `<p>You have been given admin access to CardCrew.</p>
<p>${escapeHtml(setPassword)}</p>
<p><a href="${escapeHtml(signInLink)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Sign in to CardCrew</a></p>`,
    ),
  };
}
