// The audit log (issue 23 §3): what changed in a business, who changed it, when, from where. The actions are listed
// here once: the server records them, the Activity section filters and names them.
import * as z from '../zod';
import { activityMessages } from '../messages/activity';
import { optionalText, pageCursor } from './common';
import { employeeRoles } from './employee';

/** Every action the log records, with the words the Activity section shows for it. */
export const auditActions = {
  'employee.created': 'Employee added',
  'employee.updated': 'Employee updated',
  'employee.deactivated': 'Employee deactivated',
  'employee.reactivated': 'Employee reactivated',
  'employee.deleted': 'Employee deleted',
  'employees.imported': 'Employees imported',
  'card.created': 'Card created',
  'card.qrGenerated': 'QR code generated',
  'invitation.sent': 'Invitation sent',
  'invitation.accepted': 'Invitation accepted',
  'business.settingsUpdated': 'Company settings updated',
  'business.logoUpdated': 'Logo updated',
  'business.statusChanged': 'Business status changed',
  'business.whiteLabelChanged': 'White-label changed',
  'business.leaverDefaultsChanged': 'Leaver defaults changed',
  'department.created': 'Department added',
  'department.renamed': 'Department renamed',
  'department.deleted': 'Department deleted',
  'billing.payerChanged': 'Billing changed',
  'billing.priceChanged': 'Agency price changed',
  'scimToken.created': 'Directory token created',
  'scimToken.revoked': 'Directory token revoked',
  'sso.domainClaimed': 'SSO domain claimed',
  'sso.domainVerified': 'SSO domain verified',
  'sso.domainRemoved': 'SSO domain removed',
  'sso.providerConnected': 'Identity provider connected',
  'sso.providerDisconnected': 'Identity provider disconnected',
  'sso.settingsChanged': 'Single sign-on settings changed',
  'sso.testSignInSucceeded': 'Single sign-on test sign-in succeeded',
  'sso.domainReleased': 'SSO domain claim released by CardCrew support',
  'sso.employeeLinked': 'Employee signed in with SSO for the first time',
  'sso.employeeCreated': 'Employee created on first SSO sign-in',
  'sso.employeeUnlinked': 'Employee’s sign-in through a removed identity provider unlinked',
  'invoice.paid': 'Invoice paid',
  'invoice.statusChanged': 'Invoice status changed',
} as const;
export type AuditAction = keyof typeof auditActions;
export const auditActionIds = Object.keys(auditActions) as [AuditAction, ...AuditAction[]];

/** Who made a change: a signed-in user, an admin, an agency's staff, a directory-sync token, or the platform itself. */
export const auditActorTypes = ['user', 'admin', 'agency', 'scim', 'system'] as const;
export type AuditActorType = (typeof auditActorTypes)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(auditActionIds),
  /** `role`: the business role a member acted under (owner, admin, billing, employee); null for everyone else. */
  actor: z.object({ type: z.enum(auditActorTypes), id: z.nullable(z.string()), label: z.string(), role: z.nullable(z.enum(employeeRoles)) }),
  target: z.object({ type: z.string(), id: z.string(), label: z.nullable(z.string()) }),
  /** The names of the fields that changed (never their values: no secrets or tokens reach the log). */
  fields: z.array(z.string()),
  viewerIp: z.nullable(z.string()),
  requestId: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const day = z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, activityMessages.invalidDay)));

const filters = {
  person: optionalText(100),
  action: z.optional(z.enum(auditActionIds, { error: activityMessages.invalidAction })),
  from: day,
  to: day,
};
const rangeInOrder = z.refine<{ from?: string; to?: string }>((q) => !q.from || !q.to || q.from <= q.to, { message: activityMessages.rangeReversed, path: ['to'] });

/** The Activity section's filters: by person (part of their e-mail or the token's name), action, and a range of days (UTC). */
export const auditQuerySchema = z.object({ ...filters, cursor: pageCursor(600) }).check(rangeInOrder);
/** The export takes the same filters and no cursor: it is every match. */
export const auditExportQuerySchema = z.object(filters).check(rangeInOrder);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), cursor: z.nullable(z.string()) });
export type AuditPage = z.infer<typeof auditPageSchema>;
