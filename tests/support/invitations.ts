// Invitations as the business dashboard sends them, through the real API.
import { expect } from 'vitest';
import { api, mailbox, type TestUser } from './runtime';

type Owner = { owner: TestUser; business: { id: string } };

/** Sends an invitation through the API and returns the token from the mail the employee received. */
export async function invite(owner: Owner, employeeId: string, email: string): Promise<string> {
  const before = (await mailbox()).length;
  const res = await api('POST', `/api/businesses/${owner.business.id}/employees/${employeeId}/invitation`, { user: owner.owner });
  expect(res.status).toBe(200);
  expect(res.body.sentTo).toBe(email);
  const mails = (await mailbox()).slice(before).filter((m) => [m.to].flat().includes(email));
  const text = mails[mails.length - 1]?.body.text ?? '';
  const token = /\/employee-onboarding\?id=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${email}: ${text}`);
  return token;
}

