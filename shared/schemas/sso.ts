// Single sign-on (issue 24): what Company Settings → 'Single sign-on' sends and reads, and the work e-mail of
// 'Sign in with SSO'. The domain rules live here so the form and the API refuse the same names.
import * as z from '../zod';
import { ssoMessages } from '../messages/sso';
import { cleanText, pageCursor } from './common';

/** Cognito takes IdP identifiers (the domains) of at most 40 characters. */
export const MAX_SSO_DOMAIN_LENGTH = 40;

/** At most this many claimed domains per business. */
export const MAX_SSO_DOMAINS = 10;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Free mail services: anyone can have an address there, so none of them can stand for one organisation. */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'hotmail.co.uk', 'live.com', 'msn.com', 'yahoo.com',
  'yahoo.co.uk', 'ymail.com', 'icloud.com', 'me.com', 'mac.com', 'aol.com', 'proton.me', 'protonmail.com', 'pm.me',
  'gmx.com', 'gmx.de', 'gmx.net', 'web.de', 't-online.de', 'mail.com', 'yandex.com', 'yandex.ru', 'mail.ru',
  'zoho.com', 'fastmail.com', 'hey.com', 'qq.com', '163.com', '126.com', 'tutanota.com', 'example.com',
]);

/** Why `domain` cannot be an SSO domain, or null: a lower-case hostname of two or more labels, not a public mail domain. */
export function ssoDomainProblem(domain: string): string | null {
  if (domain.length === 0) return ssoMessages.domainRequired;
  if (domain.length > MAX_SSO_DOMAIN_LENGTH) return ssoMessages.domainTooLong;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) return ssoMessages.domainInvalid;
  if (PUBLIC_MAIL_DOMAINS.has(domain)) return ssoMessages.publicMailDomain;
  return null;
}

/** A domain as typed, trimmed and lower-cased (an e-mail domain is case-insensitive), then checked. */
export const ssoDomainNameSchema = z.string({ error: ssoMessages.domainRequired }).check(
  z.maxLength(300, ssoMessages.domainTooLong),
  z.trim(),
  z.toLowerCase(),
  z.superRefine((value, ctx) => {
    const problem = ssoDomainProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  }),
);

export const claimSsoDomainSchema = z.strictObject({ domain: ssoDomainNameSchema });
export type ClaimSsoDomainInput = z.input<typeof claimSsoDomainSchema>;

const isWebUrl = (v: string) => {
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

const optionalLine = (max: number, message: string) => z.optional(cleanText().check(z.maxLength(max, message)));

/**
 * Connect an identity provider. One object (not a union, so every field has its own message and the hostile-input
 * suite can reach each): SAML 2.0 takes the metadata by URL (fetched by the API, and by Cognito) or as the uploaded
 * XML; OIDC the issuer (its discovery document is read), the client id and secret (the secret is kept only in Cognito).
 */
export const ssoProviderInputSchema = z
  .strictObject({
    type: z.enum(['SAML', 'OIDC'], { error: ssoMessages.providerTypeRequired }),
    metadataUrl: optionalLine(2048, ssoMessages.metadataUrlInvalid),
    metadataXml: z.optional(cleanText({ multiLine: true }).check(z.maxLength(256 * 1024, ssoMessages.metadataTooLarge))),
    issuer: optionalLine(2048, ssoMessages.issuerInvalid),
    clientId: optionalLine(255, ssoMessages.clientIdRequired),
    clientSecret: optionalLine(1024, ssoMessages.clientSecretRequired),
    /**
     * Moving to another IdP: keep the provider connected now beside the new one, so both sign people in until the
     * move is done (saving without it removes every other provider and the sign-ins it linked).
     */
    keepCurrentProvider: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path], input: v });
      if (v.type === 'SAML') {
        if (v.issuer || v.clientId || v.clientSecret) issue('issuer', ssoMessages.samlFieldsOnly);
        if (Boolean(v.metadataUrl) === Boolean(v.metadataXml)) issue('metadataUrl', ssoMessages.metadataRequired);
        else if (v.metadataUrl && !isWebUrl(v.metadataUrl)) issue('metadataUrl', ssoMessages.metadataUrlInvalid);
      } else {
        if (v.metadataUrl || v.metadataXml) issue('metadataUrl', ssoMessages.oidcFieldsOnly);
        if (!v.issuer || !isWebUrl(v.issuer)) issue('issuer', ssoMessages.issuerInvalid);
        if (!v.clientId) issue('clientId', ssoMessages.clientIdRequired);
        if (!v.clientSecret) issue('clientSecret', ssoMessages.clientSecretRequired);
      }
    }),
  );
export type SsoProviderInput = z.input<typeof ssoProviderInputSchema>;

export const ssoSettingsSchema = z.strictObject({
  /** A first SSO sign-in with no employee creates a draft employee (for the owner to review) instead of being refused. */
  createEmployeesOnFirstSignIn: z.boolean({ error: ssoMessages.settingBoolean }),
  /** Password and Google sign-in are refused for the business's employees (never its owner). */
  requireSso: z.boolean({ error: ssoMessages.settingBoolean }),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/**
 * A 'Test sign-in' to record: the access token the hosted UI issued to the test (the API checks it was issued by the
 * user pool, for the app client, minutes ago, to someone who signed in through the business's current provider).
 */
export const ssoTestSignInSchema = z.strictObject({
  // A JWT: three base64url parts (anything else, control characters included, is refused before any check).
  accessToken: z.string({ error: ssoMessages.testSignInNotConfirmed }).check(z.maxLength(8192, ssoMessages.testSignInNotConfirmed), z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, ssoMessages.testSignInNotConfirmed)),
});
export type SsoTestSignInInput = z.infer<typeof ssoTestSignInSchema>;

export const ssoDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  state: z.enum(['pending', 'verified']),
  /** The TXT record the owner creates at their DNS provider. */
  txtRecord: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
  verifiedAt: z.nullable(z.string()),
  /** A pending claim's end (7 days after it was made): then it is gone and the domain must be claimed again. */
  expiresAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type SsoDomain = z.infer<typeof ssoDomainSchema>;

/** Admins: the claims of every business (issue 39), by domain; `q` narrows to the domains that start with it. */
export const ssoDomainClaimQuerySchema = z.object({
  // A search: the start of a domain, at most 100 characters like every search field.
  q: z.optional(z.string().check(z.maxLength(100, 'Must be at most 100 characters'), z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9.-]*$/, ssoMessages.domainInvalid))),
  cursor: pageCursor(1024),
});
export type SsoDomainClaimQuery = z.infer<typeof ssoDomainClaimQuerySchema>;

export const ssoDomainClaimSchema = z.object({
  domain: z.string(),
  businessId: z.string(),
  /** null when the business no longer exists (its verified claim still holds the domain until released). */
  businessName: z.nullable(z.string()),
  state: z.enum(['pending', 'verified', 'expired']),
  createdAt: z.string(),
  verifiedAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
});
export type SsoDomainClaim = z.infer<typeof ssoDomainClaimSchema>;

export const ssoDomainClaimPageSchema = z.object({
  claims: z.array(ssoDomainClaimSchema),
  /** Opaque; pass it back as `?cursor=` for more. null at the end. */
  nextCursor: z.nullable(z.string()),
});
export type SsoDomainClaimPage = z.infer<typeof ssoDomainClaimPageSchema>;

export const ssoProviderSchema = z.object({
  type: z.enum(['SAML', 'OIDC']),
  /** Cognito's name of the provider (derived from the business id). */
  providerName: z.string(),
  metadataUrl: z.nullable(z.string()),
  entityId: z.nullable(z.string()),
  signInUrl: z.nullable(z.string()),
  issuer: z.nullable(z.string()),
  clientId: z.nullable(z.string()),
  connectedAt: z.string(),
  /** The last successful 'Test sign-in' through this provider (null: none since it was saved); 'Require SSO' needs one. */
  testedAt: z.nullable(z.string()),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

/** What the identity provider needs from us. */
export const ssoServiceProviderSchema = z.object({
  acsUrl: z.string(),
  audience: z.string(),
  redirectUri: z.string(),
});

export const ssoSchema = z.object({
  domains: z.array(ssoDomainSchema),
  provider: z.nullable(ssoProviderSchema),
  /** During a move to another IdP: the provider kept beside the new one (it still signs people in). */
  previousProvider: z.nullable(ssoProviderSchema),
  settings: z.object({ createEmployeesOnFirstSignIn: z.boolean(), requireSso: z.boolean() }),
  serviceProvider: ssoServiceProviderSchema,
});
export type Sso = z.infer<typeof ssoSchema>;

/** 'Sign in with SSO': the work e-mail whose domain picks the provider. */
export const ssoDiscoverySchema = z.strictObject({
  email: z.string({ error: ssoMessages.emailRequired }).check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, ssoMessages.emailRequired),
    z.maxLength(254, ssoMessages.emailInvalid),
    z.refine((v) => z.email().safeParse(v).success, ssoMessages.emailInvalid),
  ),
});
export type SsoDiscoveryInput = z.input<typeof ssoDiscoverySchema>;
export const ssoDiscoveredSchema = z.object({
  idpIdentifier: z.string(),
  /** During a move to another IdP, both providers (the new one first) for the person to choose; otherwise empty. */
  providers: z.array(z.object({ providerName: z.string(), label: z.string() })),
});
export type SsoDiscovered = z.infer<typeof ssoDiscoveredSchema>;
