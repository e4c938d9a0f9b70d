// The local part of the address a white-labelled client's mail goes from at its agency's verified sending domain
// (docs/decisions.md "The agency's sending domain"). Apart from mail.ts so infra can read it without the SDK.
export const SENDER_LOCAL_PART = 'no-reply';
