// Employee and business card: the inputs owners and employees send, the card rule and the DTOs the API returns.
import * as z from '../zod';
import { messages } from '../messages';
import { cardExtrasSchema, cardExtrasViewSchema } from './card-design';
import { emailAddress, optionalPhone, optionalText, optionalUrl, requiredEmailAddress, requiredText } from './common';

export const employeeStatuses = ['draft', 'active', 'inactive'] as const;
/**
 * What a person does in their business beside having a card: an employee only; an Admin (everything the owner does
 * but handing over ownership); a Billing contact (invoices and payments, no employee data); or the Owner.
 * functions/src/identity/access.ts says what each may do.
 */
export const employeeRoles = ['employee', 'admin', 'billing', 'owner'] as const;
export type EmployeeStatus = (typeof employeeStatuses)[number];
export type EmployeeRole = (typeof employeeRoles)[number];

const profileFields = {
  name: requiredText(messages.employee.nameRequired, 120),
  email: emailAddress(messages.employee.validEmail),
  phone: optionalPhone,
  officePhone: optionalPhone,
  mobilePhone: optionalPhone,
  jobTitle: optionalText(120),
  department: optionalText(120),
  linkedinProfile: optionalUrl('Please enter a valid LinkedIn URL'),
};

/** Add Employee (owner): profile fields plus role and status; a new employee defaults to draft. */
export const employeeCreateSchema = z.strictObject({
  ...profileFields,
  role: z._default(z.enum(employeeRoles), 'employee'),
  status: z._default(z.enum(employeeStatuses), 'draft'),
});
export type EmployeeCreateInput = z.input<typeof employeeCreateSchema>;
export type EmployeeCreate = z.output<typeof employeeCreateSchema>;

/**
 * The photo URL on a profile edit. Omitted means "keep the current photo" (the upload confirm call records a new
 * one), so a form that leaves it out cannot erase the photo; empty or null removes it; anything else must be http(s).
 */
const editablePhotoUrl = z.optional(optionalUrl());

/** Profile fields of the two edit forms: like Add Employee, but an empty e-mail says 'Email is required'. */
const editableProfileFields = {
  ...profileFields,
  email: requiredEmailAddress(messages.employee.emailRequired, messages.employee.validEmail),
  photoUrl: editablePhotoUrl,
  /** Pronouns, bio, booking link, office address and more links; absent leaves them as they are. */
  cardExtras: z.optional(cardExtrasSchema),
};

/** Edit mode of the Employee Profile dialog (owner or agency, spec 2 §2, §5): profile, photo, role and status. */
export const employeeUpdateSchema = z.strictObject({
  ...editableProfileFields,
  role: z.enum(employeeRoles, { error: messages.employee.roleInvalid }),
  status: z.enum(employeeStatuses, { error: 'Status must be Draft, Active or Inactive' }),
});
export type EmployeeUpdateInput = z.input<typeof employeeUpdateSchema>;
export type EmployeeUpdate = z.output<typeof employeeUpdateSchema>;

/**
 * The employee editing their own profile on the onboarding page and in the portal (spec 1 §2, §5): Full Name *,
 * Email *, Office Phone, Mobile Phone, Job Title, Department, LinkedIn Profile and the photo. No role or status:
 * the server sets the status to active when the onboarding save succeeds (spec 1 §4).
 */
export const employeeProfileSchema = z.strictObject(editableProfileFields);
export type EmployeeProfileInput = z.input<typeof employeeProfileSchema>;
export type EmployeeProfile = z.output<typeof employeeProfileSchema>;

/** Spec 2 §4: a card is active only while its employee's status is active. */
export function cardIsActiveFor(status: EmployeeStatus): boolean {
  return status === 'active';
}

export const cardSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  businessId: z.string(),
  isActive: z.boolean(),
  qrCodeUrl: z.nullable(z.string()),
  qrSvgUrl: z.nullable(z.string()),
  cardUrl: z.string(),
  scanCount: z.int(),
});
export type Card = z.infer<typeof cardSchema>;

export const employeeSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  officePhone: z.nullable(z.string()),
  mobilePhone: z.nullable(z.string()),
  jobTitle: z.nullable(z.string()),
  department: z.nullable(z.string()),
  linkedinProfile: z.nullable(z.string()),
  photoUrl: z.nullable(z.string()),
  cardExtras: cardExtrasViewSchema,
  role: z.enum(employeeRoles),
  status: z.enum(employeeStatuses),
  createdAt: z.string(),
  card: z.nullable(cardSchema),
});
export type Employee = z.infer<typeof employeeSchema>;

/** The employee portal's read (spec 1 §2): the caller's own employee record with its card, and the business's look. */
export const myEmployeeSchema = z.object({
  employee: employeeSchema,
  business: z.object({
    id: z.string(),
    name: z.string(),
    logoUrl: z.nullable(z.string()),
    primaryColor: z.nullable(z.string()),
    secondaryColor: z.nullable(z.string()),
    accentColor: z.nullable(z.string()),
  }),
  /** Owners (and Admins and Billing contacts) see the 'Business Portal' button. */
  isOwner: z.boolean(),
});
export type MyEmployee = z.infer<typeof myEmployeeSchema>;
