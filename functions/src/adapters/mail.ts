// SES: every e-mail CardCrew sends goes through here (local SES in the local runtime).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { localClientOptions, mailConfig, runtimeConfig } from '../config';
import { lazy } from '../lib/lazy';
import { sesSdk } from './sdk';
import { SENDER_LOCAL_PART } from './sender-address';

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string[];
  /** The sender's display name instead of the configured one (a white-labelled client's mail, issue 21). */
  fromName?: string;
  /**
   * An agency's verified sending domain: the mail goes from SENDER_LOCAL_PART@ it instead of the configured address
   * (docs/decisions.md "The agency's sending domain").
   */
  fromDomain?: string;
}

/** The From header of `mail`: the configured sender, with the mail's display name and domain where it has them. */
export function fromHeaderOf(mail: Pick<OutgoingMail, 'fromName' | 'fromDomain'>, configured: string): string {
  const address = mail.fromDomain ? `${SENDER_LOCAL_PART}@${mail.fromDomain}` : configured;
  return mail.fromName ? fromAddressWithName(address, mail.fromName) : address;
}

/**
 * `Name <address>` with the configured address and another display name: quoted (RFC 5322), and as an RFC 2047
 * encoded word when it is not ASCII (SES requires that for the From header).
 */
export function fromAddressWithName(configured: string, name: string): string {
  const address = /<([^>]+)>/.exec(configured)?.[1] ?? configured.trim();
  const clean = name.replace(/[\r\n"\\<>]+/g, ' ').replace(/\s+/g, ' ').trim();
  const display = /^[\x20-\x7e]*$/.test(clean) ? `"${clean}"` : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
  return `${display} <${address}>`;
}

/** The SES client; the SDK loads with it, on first use (functions/src/adapters/sdk.ts). */
export const ses = lazy(async (): Promise<SESv2Client> => {
  const { SESv2Client } = await sesSdk();
  return new SESv2Client({ region: runtimeConfig().AWS_REGION, ...localClientOptions(mailConfig().SES_ENDPOINT) });
});

/**
 * A pace the caller's mails keep (the billing worker's share of the SES sending rate): sendMail waits for it before
 * each send made inside `mailPacing.run(pacer, …)`.
 */
export const mailPacing = new AsyncLocalStorage<{ take: () => Promise<void> }>();

export async function sendMail(mail: OutgoingMail): Promise<void> {
  const c = mailConfig();
  await mailPacing.getStore()?.take();
  const { SendEmailCommand } = await sesSdk();
  await (await ses()).send(
    new SendEmailCommand({
      FromEmailAddress: fromHeaderOf(mail, c.SES_FROM_ADDRESS),
      Destination: { ToAddresses: mail.to },
      ReplyToAddresses: mail.replyTo,
      Content: { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } } } },
    }),
  );
}
