// Employee and business card: the inputs owners send and the DTOs the API returns.
import { z } from 'zod';
import { messages } from '../messages';
import { emailAddress, optionalText, optionalUrl, requiredText } from './common';

export const employeeStatuses = ['draft', 'active', 'inactive'] as const;
export const employeeRoles = ['employee', 'owner'] as const;
export type EmployeeStatus = (typeof employeeStatuses)[number];
export type EmployeeRole = (typeof employeeRoles)[number];

const phoneMessage = 'Please enter a valid phone number';
/** Digits with the usual separators; at least 3 digits. Empty → null. */
export const optionalPhone = z
  .string()
  .trim()
  .max(40, phoneMessage)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (/^[+()\-.\s0-9]+$/.test(v) && (v.match(/\d/g) ?? []).length >= 3), phoneMessage);

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
export const employeeCreateSchema = z
  .object({
    ...profileFields,
    role: z.enum(employeeRoles).default('employee'),
    status: z.enum(employeeStatuses).default('draft'),
  })
  .strict();
export type EmployeeCreateInput = z.input<typeof employeeCreateSchema>;
export type EmployeeCreate = z.output<typeof employeeCreateSchema>;

export const cardSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  businessId: z.string(),
  isActive: z.boolean(),
  qrCodeUrl: z.string().nullable(),
  qrSvgUrl: z.string().nullable(),
  cardUrl: z.string(),
  scanCount: z.number().int(),
});
export type Card = z.infer<typeof cardSchema>;

export const employeeSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  officePhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  department: z.string().nullable(),
  linkedinProfile: z.string().nullable(),
  photoUrl: z.string().nullable(),
  role: z.enum(employeeRoles),
  status: z.enum(employeeStatuses),
  createdAt: z.string(),
  card: cardSchema.nullable(),
});
export type Employee = z.infer<typeof employeeSchema>;
