// Cognito's own mails (DESIGN §4): the user pool's custom email sender, which the local pool runs in-process as AWS
// runs the Lambda (cognito-local encrypts each code with the KMS stand-in's key, as Cognito does), sends the sign-up,
// resent and forgot-password codes in the brand the person knows and from that brand's sender. Northwind Bakery (seed:
// a white-labelled client of Bright Agency): its invited employee and its owner get Bright Agency's words and name as
// the sender, replies to its support, and no CardCrew; Acme Studio (a direct customer): CardCrew's.
import { ConfirmSignUpCommand, ForgotPasswordCommand, AdminGetUserCommand, ResendConfirmationCodeCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { invite } from '../support/invitations';
import { addEmployee, cognito, mailbox, runtime, signIn, tables, uniqueEmail } from '../support/runtime';

const ClientId = runtime.ids.userPoolClientId;
const password = 'Brand1234!';
const platformSender = 'CardCrew <no-reply@cardcrew.local>';
/** Bright Agency's name on the platform's address (its sending domain is not verified in the seed). */
const brightSender = '"Bright Agency" <no-reply@cardcrew.local>';

/** The mails to `to`, oldest first, once there are at least `count`. */
async function mailsTo(to: string, count: number) {
  const of = async () => (await mailbox()).filter((m) => [m.to].flat().includes(to));
  await expect.poll(async () => (await of()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return of();
}

const words = (mail: Awaited<ReturnType<typeof mailsTo>>[number]) => [mail.subject, mail.body.text ?? '', mail.body.html ?? ''].join('\n');
const codeIn = (mail: Awaited<ReturnType<typeof mailsTo>>[number]) => /\b(\d{6})\b/.exec(mail.body.text ?? '')?.[1];

/** An employee the business's owner (or its agency) added and invited, as the dashboard does. */
async function invitedEmployee(ownerEmail: string, businessId: string, prefix: string) {
  const owner = await signIn(ownerEmail, 'Demo1234!');
  const email = uniqueEmail(prefix);
  const employee = await addEmployee(owner, businessId, { status: 'draft', email, name: 'Ivy Invited' });
  await invite({ owner, business: { id: businessId } }, employee.id, email);
  return email;
}

describe('Cognito’s mails to a white-labelled client’s people', () => {
  it('an invited Northwind employee signs up and gets the code, and a new one, from Bright Agency, with no CardCrew', async () => {
    const email = await invitedEmployee('agency@bright.example', 'demo-business-northwind', 'northwind-signup');
    // What the trigger finds: the open invitation mailed to this address, of Northwind's business.
    const { data: invitations } = await (await tables()).invitation.query.byRecipient({ sentTo: email }).go();
    expect(invitations).toEqual([expect.objectContaining({ businessId: 'demo-business-northwind', sentTo: email })]);

    await cognito.send(new SignUpCommand({ ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }));
    const [invitation, signUp] = await mailsTo(email, 2);
    expect(invitation!.subject).toMatch(/invited you/);
    expect(signUp!.subject).toBe('Your Bright Agency verification code');
    expect(signUp!.body.html).toContain('Welcome to Bright Agency.');
    expect(signUp!.body.html).toContain('Bright Agency · <a href="mailto:support@bright.example"');
    expect(signUp!.body.html).toContain('bgcolor="#7C3AED"');
    expect(words(signUp!)).not.toMatch(/cardcrew/i);
    expect(signUp!.from).toBe(brightSender);
    expect(signUp!.replyTo).toEqual(['support@bright.example']);
    const first = codeIn(signUp!);
    expect(first).toMatch(/^\d{6}$/);
    expect(signUp!.body.html).toContain(`>${first}</p>`);

    await cognito.send(new ResendConfirmationCodeCommand({ ClientId, Username: email }));
    const resent = (await mailsTo(email, 3))[2]!;
    expect(resent.subject).toBe('Your new Bright Agency verification code');
    expect(words(resent)).not.toMatch(/cardcrew/i);
    const second = codeIn(resent);
    expect(second).toMatch(/^\d{6}$/);
    expect(second).not.toBe(first);

    // The code in the branded mail is the real one: it confirms the account.
    await cognito.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: second! }));
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: runtime.ids.userPoolId, Username: email }));
    expect(user.UserStatus).toBe('CONFIRMED');
  });

  it('Northwind’s owner asks for a password reset and gets Bright Agency’s mail; the password is unchanged until the code is used', async () => {
    const email = 'owner@northwind.example';
    const before = (await mailbox()).filter((m) => [m.to].flat().includes(email)).length;
    await cognito.send(new ForgotPasswordCommand({ ClientId, Username: email }));
    const reset = (await mailsTo(email, before + 1))[before]!;
    expect(reset.subject).toBe('Reset your Bright Agency password');
    expect(reset.body.html).toContain('reset the password of your Bright Agency account');
    expect(reset.body.html).toContain('https://bright.example/support');
    expect(words(reset)).not.toMatch(/cardcrew/i);
    expect(reset.from).toBe(brightSender);
    expect(codeIn(reset)).toMatch(/^\d{6}$/);
    expect((await signIn(email, 'Demo1234!')).email).toBe(email);
  });
});

describe('Cognito’s mails to a direct customer’s people', () => {
  it('an invited Acme employee’s sign-up code and Acme’s owner’s reset code name CardCrew', async () => {
    const email = await invitedEmployee('owner@acme.example', 'demo-business-acme', 'acme-signup');
    await cognito.send(new SignUpCommand({ ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }));
    const signUp = (await mailsTo(email, 2))[1]!;
    expect(signUp.subject).toBe('Your CardCrew verification code');
    expect(signUp.body.html).toContain('Welcome to CardCrew.');
    expect(signUp.body.html).toContain('CardCrew · Digital business cards for your whole team');
    expect(signUp.from).toBe(platformSender);
    expect(words(signUp)).not.toContain('Bright');
    expect(codeIn(signUp)).toMatch(/^\d{6}$/);

    const owner = 'owner@acme.example';
    const before = (await mailbox()).filter((m) => [m.to].flat().includes(owner)).length;
    await cognito.send(new ForgotPasswordCommand({ ClientId, Username: owner }));
    const reset = (await mailsTo(owner, before + 1))[before]!;
    expect(reset.subject).toBe('Reset your CardCrew password');
    expect(words(reset)).not.toContain('Bright');
    expect(codeIn(reset)).toMatch(/^\d{6}$/);
  });
});
