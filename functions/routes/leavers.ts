// Leavers (issue 23 §2): the `leavers` area's routes (functions/routes.ts combines every area's).
import { deactivateEmployeeSchema, leaverDefaultsInputSchema, leaverDefaultsSchema, leaverResultSchema, leavingPreviewSchema, peopleSearchSchema, searchPeopleQuerySchema } from '../../shared/schemas/leavers';
import { defineRoutes } from './define';

export const leaversRoutes = defineRoutes('leavers', {
  previewLeaving: {
    method: 'GET',
    path: '/api/businesses/{businessId}/employees/{employeeId}/leaving',
    auth: 'user',
    throttle: 'standard',
    summary: 'What the deactivate dialog shows before it happens: whose card the page points to by default (the default successor), who receives the leads by default and how many leads there are',
    response: leavingPreviewSchema,
    scoped: true,
  },
  deactivateEmployee: {
    method: 'POST',
    path: '/api/businesses/{businessId}/employees/{employeeId}/deactivate',
    auth: 'user',
    throttle: 'standard',
    summary:
      "Deactivate (the leaver flow): the card page says they left and points to the colleague's card picked (absent: the business's default successor; null: the company's website and phone), their leads go to the person picked (default: the business's creator), their sessions end and the portal refuses them, wallet passes are voided. Safe to repeat: a repeat completes what a failure left undone",
    body: deactivateEmployeeSchema,
    response: leaverResultSchema,
    scoped: true,
  },
  reactivateEmployee: {
    method: 'POST',
    path: '/api/businesses/{businessId}/employees/{employeeId}/reactivate',
    auth: 'user',
    throttle: 'standard',
    summary: 'Reactivate a leaver: their card and portal access come back (their reassigned leads stay where they went); 409 when the employee is not inactive',
    response: leaverResultSchema,
    scoped: true,
  },
  searchPeople: {
    method: 'GET',
    path: '/api/businesses/{businessId}/people',
    auth: 'user',
    throttle: 'standard',
    summary: "The successor and lead pickers' search: active people whose name, job title, department or e-mail contains every word of `q` (accents and case ignored; `withCard=1`: only people with a card; `exclude`: the leaver left out), by name, at most 20 (`more` when there are others)",
    query: searchPeopleQuerySchema,
    response: peopleSearchSchema,
    scoped: true,
  },
  getLeaverDefaults: {
    method: 'GET',
    path: '/api/businesses/{businessId}/leaver-defaults',
    auth: 'user',
    throttle: 'standard',
    summary: "Company Settings' leaver defaults: the default successor and one per department, used when nobody picks a colleague (SCIM deactivations, a status saved as Inactive)",
    response: leaverDefaultsSchema,
    scoped: true,
  },
  updateLeaverDefaults: {
    method: 'PUT',
    path: '/api/businesses/{businessId}/leaver-defaults',
    auth: 'user',
    throttle: 'standard',
    summary: 'Sets the leaver defaults (replacing them): each person must be an active employee of the business with a card (400 naming the field otherwise, nothing stored)',
    body: leaverDefaultsInputSchema,
    response: leaverDefaultsSchema,
    scoped: true,
  },
});
