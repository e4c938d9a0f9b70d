// Issue 27 §3: every message a person can see under a form field is a sentence in the product's words, never zod's
// default wording. Every form schema the web app (react-hook-form's resolver) and the API (field errors) validate with
// is run with each field empty and with each wrong type a browser or a hand-made request can send. Every issue is
// collected, including each branch of a union: the resolver shows a branch's message (the one with fewest issues).
import { describe, expect, it } from 'vitest';
import type * as z from '../zod';
import { adminInviteSchema } from './admin';
import { addClientSchema, agencySettingsSchema } from './agency';
import { signInSchema, signUpSchema } from './auth';
import { businessFormSchema, businessSettingsSchema } from './business';
import { contactFormSchema } from './contact';
import { employeeCreateSchema, employeeProfileSchema, employeeUpdateSchema } from './employee';
import { employeeAuthSchema } from './employee-auth';
import { invoiceCreateSchema } from './invoice';
import { uploadRequestSchema } from './media';
import { planUpdateSchema } from './plan';
import { salesContactSchema } from './sales-contact';

/** zod's English defaults (zod/v4/locales/en) and anything else that reads like a developer wrote it. */
const NOT_OUR_WORDS =
  /Invalid input|expected .+, received|received (?:string|number|boolean|null|undefined|array|object|NaN)|Too (?:small|big)|Invalid (?:option|string|email|URL|url|number|date|key|element|value|union|type|id|business id)|Unrecognized key|must match pattern|must (?:be|have) (?:>|<|at least \d+ character)|expected (?:string|number|boolean|date|array|object)|NaN|undefined|\bnull\b|\bid\b|\bregex\b|\benum\b|\bschema\b/i;

type AnySchema = z.ZodMiniType;

interface Form {
  name: string;
  schema: AnySchema;
  /** The value each field has when the form opens empty (what the browser sends for an untouched field). */
  empty: Record<string, unknown>;
}

const blank = (...fields: string[]) => Object.fromEntries(fields.map((f) => [f, '']));

const forms: Form[] = [
  { name: 'Create Invoice', schema: invoiceCreateSchema, empty: blank('businessId', 'amount', 'dueDate', 'notes') },
  { name: 'Edit Plan', schema: planUpdateSchema, empty: { ...blank('price', 'description', 'userRange'), isPopular: false, isActive: false } },
  { name: 'Invite Admin', schema: adminInviteSchema, empty: blank('email') },
  { name: 'Company Settings', schema: businessSettingsSchema, empty: blank('name', 'industry', 'description', 'website', 'logoUrl', 'billingEmail', 'billingAddress', 'billingCity', 'billingPostalCode', 'billingCountry', 'primaryColor', 'secondaryColor', 'accentColor') },
  { name: 'Business onboarding', schema: businessFormSchema, empty: blank('name', 'industry', 'website', 'description', 'billingEmail', 'billingAddress', 'billingCity', 'billingCountry', 'billingPostalCode') },
  { name: 'Agency Settings', schema: agencySettingsSchema, empty: blank('name', 'industry', 'description', 'website', 'phoneNumber', 'email', 'billingAddress', 'billingCity', 'billingCountry', 'billingPostalCode', 'primaryColor', 'secondaryColor', 'accentColor', 'logoUrl') },
  { name: 'Add Client', schema: addClientSchema, empty: blank('name', 'industry', 'website', 'description') },
  { name: 'Add Employee', schema: employeeCreateSchema, empty: { ...blank('name', 'email', 'phone', 'officePhone', 'mobilePhone', 'jobTitle', 'department', 'linkedinProfile'), role: 'employee', status: 'draft' } },
  { name: 'Employee Profile (owner)', schema: employeeUpdateSchema, empty: { ...blank('name', 'email', 'phone', 'officePhone', 'mobilePhone', 'jobTitle', 'department', 'linkedinProfile', 'photoUrl'), role: 'employee', status: 'draft' } },
  { name: 'Employee profile (portal, onboarding)', schema: employeeProfileSchema, empty: blank('name', 'email', 'phone', 'officePhone', 'mobilePhone', 'jobTitle', 'department', 'linkedinProfile', 'photoUrl') },
  { name: 'Sales contact', schema: salesContactSchema, empty: blank('companyName', 'contactPerson', 'email', 'phone', 'address', 'city', 'country', 'zipCode', 'message') },
  { name: 'Sign in', schema: signInSchema, empty: blank('email', 'password') },
  { name: 'Sign up', schema: signUpSchema, empty: { ...blank('email', 'password'), accountType: 'business' } },
  { name: 'Employee onboarding sign-up', schema: employeeAuthSchema('pia@example.com', 'signUp'), empty: blank('email', 'password', 'confirmPassword') },
  { name: 'Employee onboarding sign-in', schema: employeeAuthSchema('pia@example.com', 'signIn'), empty: blank('email', 'password') },
  { name: 'Contact exchange (card page)', schema: contactFormSchema, empty: blank('name', 'email', 'phone', 'company', 'note', 'consent') },
  { name: 'Image upload', schema: uploadRequestSchema, empty: { contentType: '', size: 0, purpose: 'logo' } },
];

/** Empty, and every wrong type a browser form or a hand-made request can put in a field. */
const wrongValues: unknown[] = ['', '   ', 'abc', '-5', '-0.01', '1e400', '2020-13-45', 'x'.repeat(5000), 0, -5, 1.234, Number.NaN, Number.POSITIVE_INFINITY, true, false, null, undefined, [], {}, ['a'], { a: 1 }];

interface RawIssue {
  message: string;
  path: PropertyKey[];
  code?: string;
  errors?: RawIssue[][];
}

/** Every issue's message, union branches included (path joined, to say where a bad one came from). */
function messagesOf(issues: readonly RawIssue[], prefix: PropertyKey[] = []): { field: string; message: string }[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    const own = { field: path.join('.'), message: issue.message };
    const branches = issue.code === 'invalid_union' ? (issue.errors ?? []).flatMap((branch) => messagesOf(branch, path)) : [];
    return [own, ...branches];
  });
}

function seenMessages(form: Form): { field: string; value: string; message: string }[] {
  const seen: { field: string; value: string; message: string }[] = [];
  const run = (input: Record<string, unknown>, field: string, value: unknown) => {
    const result = form.schema.safeParse(input);
    if (result.success) return;
    for (const m of messagesOf(result.error.issues as unknown as RawIssue[])) seen.push({ field: m.field || field, value: String(JSON.stringify(value))?.slice(0, 20), message: m.message });
  };
  run(form.empty, '(all empty)', '');
  for (const field of Object.keys(form.empty)) {
    for (const value of wrongValues) run({ ...form.empty, [field]: value }, field, value);
  }
  return seen;
}

describe('form field messages (issue 27 §3)', () => {
  it.each(forms.map((f) => [f.name, f] as const))('%s says every problem in the product’s words', (_name, form) => {
    const seen = seenMessages(form);
    expect(seen.length, 'the walk produced no messages at all, so it tested nothing').toBeGreaterThan(0);
    const foreign = [...new Map(seen.filter((s) => NOT_OUR_WORDS.test(s.message)).map((s) => [`${s.field}: ${s.message}`, s])).values()];
    expect(foreign).toEqual([]);
    // A sentence: starts with a capital letter and says something.
    const notSentences = [...new Set(seen.map((s) => s.message).filter((m) => !/^[A-Z][^]{8,}$/.test(m)))];
    expect(notSentences).toEqual([]);
  });

});
