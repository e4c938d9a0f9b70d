// Custom domains for agencies (issue 21 §2): the Add domain form and the domain DTO. The hostname rules live here so
// the form and the API refuse the same names; "not the platform's own domain" needs the platform's host, which the
// API takes from PUBLIC_ORIGIN and the web app from its config (customDomainProblem).
import * as z from '../zod';
import { customDomainMessages } from '../messages/custom-domains';
import { clientBrandSchema } from './me';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * Why `domain` may not be a custom domain, or null when it may: a lower-case hostname of at least two labels, at most
 * 253 characters, each label at most 63 (letters, digits, inner hyphens), no IP address, no wildcard, a top-level
 * label that is not all digits, and (given the platform's host) neither the platform's domain nor a name under it.
 */
export function customDomainProblem(domain: string, platformHost?: string): string | null {
  const m = customDomainMessages;
  if (domain.length === 0) return m.domainRequired;
  if (domain.length > 253) return m.domainTooLong;
  if (domain.includes('*')) return m.noWildcard;
  if (IPV4.test(domain) || domain.includes(':') || domain.startsWith('[')) return m.noIpAddress;
  if (domain !== domain.toLowerCase()) return m.lowerCase;
  const labels = domain.split('.');
  if (labels.length < 2) return m.twoLabels;
  if (labels.some((l) => l.length > 63)) return m.labelTooLong;
  if (!labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) return m.invalidDomain;
  if (platformHost) {
    const platform = platformHost.toLowerCase();
    if (domain === platform || domain.endsWith(`.${platform}`)) return m.platformDomain;
  }
  return null;
}

/** The domain exactly as typed (upper case or spaces are refused with their reason, not silently changed). */
export const customDomainNameSchema = z.string().check(
  z.maxLength(300, customDomainMessages.domainTooLong),
  z.superRefine((value, ctx) => {
    const problem = customDomainProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  }),
);

/** Add domain (Agency Settings → Custom domain). */
export const addCustomDomainSchema = z.strictObject({ domain: customDomainNameSchema });
export type AddCustomDomainInput = z.input<typeof addCustomDomainSchema>;

/** pending-dns → issuing-certificate → active, or failed (with its reason). */
export const customDomainStateSchema = z.enum(['pending-dns', 'issuing-certificate', 'active', 'failed']);
export type CustomDomainState = z.infer<typeof customDomainStateSchema>;

/** A DNS record the agency creates at its DNS provider. */
export const dnsRecordSchema = z.object({ type: z.enum(['CNAME']), name: z.string(), value: z.string(), purpose: z.string() });

export const customDomainSchema = z.object({
  /** Names the domain in the Remove path (a hostname in a path would need rules of its own). */
  id: z.string(),
  domain: z.string(),
  state: customDomainStateSchema,
  /** What the agency should do next, or why it failed (CloudFront's own wording where it gives one). */
  reason: z.nullable(z.string()),
  dnsRecords: z.array(dnsRecordSchema),
  /** The origin card links use once active, e.g. https://cards.brightagency.com */
  origin: z.string(),
  /** Cards whose QR codes encode this domain (Remove warns with it; they fall back to the platform URL). */
  qrCardCount: z.number(),
  /** Once active: the clients' cards whose QR codes still encode the platform's address (Move QR codes); else 0. */
  platformQrCardCount: z.number(),
  checkedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;

export const customDomainListSchema = z.object({ domains: z.array(customDomainSchema) });
export type CustomDomainList = z.infer<typeof customDomainListSchema>;

/** What Remove answers: how many cards' QR codes were regenerated with the platform URL. */
export const removedCustomDomainSchema = z.object({ domain: z.string(), regeneratedQrCodes: z.number() });
export type RemovedCustomDomain = z.infer<typeof removedCustomDomainSchema>;

/**
 * The site an agency's custom domain is (docs/decisions.md "The agency's domain serves its clients' product"): the
 * agency's brand for its signed-out pages there (home, sign-in), and the platform's address for anyone who is not one
 * of its clients' people.
 */
export const siteBrandSchema = z.object({ brand: clientBrandSchema, platformOrigin: z.string() });
export type SiteBrand = z.infer<typeof siteBrandSchema>;

/**
 * Where the hosted UI sends a Google or SSO sign-in started on an agency's domain (`/api/sign-in/relay`): Cognito's
 * callback query, passed on to the domain as it came. `state` names the domain after its last `~`.
 */
export const signInRelayQuerySchema = z.object({
  state: z.string().check(z.minLength(1), z.maxLength(600)),
  code: z.optional(z.string().check(z.maxLength(2048))),
  error: z.optional(z.string().check(z.maxLength(200))),
  error_description: z.optional(z.string().check(z.maxLength(2048))),
});
export type SignInRelayQuery = z.infer<typeof signInRelayQuerySchema>;
