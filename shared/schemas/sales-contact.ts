// The Contact Our Sales Team dialog (spec 1 §2, §5, §8): its input and its toast wording.
import * as z from '../zod';
import { emailAddress, optionalText, requiredPhone, requiredText } from './common';

export const salesContactMessages = {
  success: 'Message sent successfully! Our sales team will contact you soon.',
  failureTitle: 'Error sending message',
  failure: 'Please try again later or contact us directly',
} as const;

export const salesContactSchema = z.strictObject({
  companyName: requiredText('Company name is required', 200),
  contactPerson: requiredText('Contact person is required', 120),
  email: emailAddress('Valid email is required'),
  phone: requiredPhone('Phone is required'),
  address: requiredText('Address is required', 200),
  city: requiredText('City is required', 100),
  country: requiredText('Country is required', 100),
  zipCode: optionalText(20),
  message: optionalText(2000, { multiLine: true }),
});
export type SalesContactInput = z.input<typeof salesContactSchema>;
export type SalesContact = z.output<typeof salesContactSchema>;

/** What the API answers once the request is stored (and, normally, mailed). */
export const salesContactReceiptSchema = z.object({ id: z.string(), mailed: z.boolean() });
export type SalesContactReceipt = z.infer<typeof salesContactReceiptSchema>;
