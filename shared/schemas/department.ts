// Departments of a business (Company Settings → Departments): what the section sends and what the API answers.
import * as z from '../zod';
import { departmentMessages } from '../messages/departments';
import { requiredText } from './common';

/** The employee form's department rule: at most 120 characters, one line. */
export const departmentNameSchema = requiredText(departmentMessages.nameRequired, 120);

/** Add a department, or rename one. */
export const departmentInputSchema = z.strictObject({ name: departmentNameSchema });
export type DepartmentInput = z.input<typeof departmentInputSchema>;
export type DepartmentSave = z.output<typeof departmentInputSchema>;

export const departmentSchema = z.object({
  departmentId: z.string(),
  name: z.string(),
  /** Employees whose profile names this department (any status). */
  employeeCount: z.int(),
});
export type Department = z.infer<typeof departmentSchema>;

export const departmentListSchema = z.object({
  /** By name (case and accents ignored). */
  departments: z.array(departmentSchema),
  /** Employees with no department. */
  withoutDepartment: z.int(),
});
export type DepartmentList = z.infer<typeof departmentListSchema>;

/** The key a name is unique by in its business: trimmed, NFC, lower-cased. */
export function departmentKey(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}
