// Leavers (issue 23 §2): what the deactivate dialog sends — the colleague whose card the leaver's page points to and
// the person who receives their leads (default: the owner) — and what the deactivate and reactivate calls answer.
import * as z from '../zod';
import { messages } from '../messages';
import { cleanText, idSchema, requiredText } from './common';
import { employeeSchema } from './employee';

export const deactivateEmployeeSchema = z.strictObject({
  /**
   * An active card of another employee of the business; null: the page shows the company's website and phone; absent:
   * the business's default successor (Company Settings), else the company's website and phone.
   */
  successorCardId: z.optional(z.nullable(idSchema)),
  /** An active employee of the business; absent: the person who created the business. */
  leadsTo: z.optional(idSchema),
});
export type DeactivateEmployeeInput = z.input<typeof deactivateEmployeeSchema>;
export type DeactivateEmployee = z.output<typeof deactivateEmployeeSchema>;

export const leaverResultSchema = z.object({
  employee: employeeSchema,
  /** Leads moved by this call. */
  leadsMoved: z.number(),
});
export type LeaverResult = z.infer<typeof leaverResultSchema>;

/**
 * What the deactivate dialog shows before anything happens: how many leads move and the defaults. The colleagues to
 * pick from are searched (`searchPeopleQuerySchema`), never listed whole: a business may have thousands.
 */
export const leavingPreviewSchema = z.object({
  businessName: z.string(),
  leadCount: z.number(),
  /** The colleague the leaver's page points to unless another is picked: the business's default successor (their department's first), or null. */
  defaultSuccessor: z.nullable(z.object({ employeeId: z.string(), cardId: z.string(), name: z.string() })),
  /** Who gets the leads when nobody is picked: the owner's profile, else the company's own contacts (`isCompany`). */
  defaultLeadsTo: z.object({ employeeId: z.string(), name: z.string(), isCompany: z.boolean() }),
});
export type LeavingPreview = z.infer<typeof leavingPreviewSchema>;

/** The pickers' search (issue 39): active people of the business whose name, job title, department or e-mail contains `q`. */
export const searchPeopleQuerySchema = z.object({
  q: z.optional(cleanText().check(z.maxLength(100, 'Must be at most 100 characters'))),
  /** Left out of the answer: the leaver themselves. */
  exclude: z.optional(idSchema),
  /** `1`: only people with a card (where a leaver's page may point). */
  withCard: z.optional(z.enum(['1'])),
});
export type SearchPeopleQuery = z.infer<typeof searchPeopleQuerySchema>;

/** People a search answers at most; the picker asks for more typing beyond. */
export const PEOPLE_SEARCH_LIMIT = 20;

export const personChoiceSchema = z.object({
  employeeId: z.string(),
  name: z.string(),
  jobTitle: z.nullable(z.string()),
  department: z.nullable(z.string()),
  /** Their (active) card: where a leaver's page may point; null for a person without a card. */
  cardId: z.nullable(z.string()),
});
export type PersonChoice = z.infer<typeof personChoiceSchema>;

export const peopleSearchSchema = z.object({
  people: z.array(personChoiceSchema),
  /** More people match than `PEOPLE_SEARCH_LIMIT`. */
  more: z.boolean(),
});
export type PeopleSearch = z.infer<typeof peopleSearchSchema>;

/** Company Settings' leaver defaults (issue 39): one person, and a person per department (at most 50). */
export const leaverDefaultsInputSchema = z
  .strictObject({
    successorEmployeeId: z.nullable(idSchema),
    departments: z.array(
      z.strictObject({
        department: requiredText(messages.leavers.departmentRequired, 120),
        successorEmployeeId: idSchema,
      }),
    ).check(z.maxLength(50, 'At most 50 departments')),
  })
  .check(
    z.superRefine((input, ctx) => {
      const seen = new Set<string>();
      input.departments.forEach((d, i) => {
        const key = d.department.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: messages.leavers.departmentTwice, path: ['departments', i, 'department'], input: d.department });
        seen.add(key);
      });
    }),
  );
export type LeaverDefaultsInput = z.input<typeof leaverDefaultsInputSchema>;
export type LeaverDefaultsUpdate = z.output<typeof leaverDefaultsInputSchema>;

/** `active` false: the person left since (a default that is not active, or has no active card, is passed over). */
const successorSchema = z.object({ employeeId: z.string(), name: z.string(), active: z.boolean() });
export const leaverDefaultsSchema = z.object({
  /** Null: none (the company's website and phone); a deleted person is left out. */
  successor: z.nullable(successorSchema),
  departments: z.array(z.object({ department: z.string(), successor: successorSchema })),
});
export type LeaverDefaults = z.infer<typeof leaverDefaultsSchema>;
