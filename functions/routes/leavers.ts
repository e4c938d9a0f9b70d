// Leavers (issue 23 §2): the `leavers` area's routes (functions/routes.ts combines every area's).
import { deactivateEmployeeSchema, leaverResultSchema, leavingPreviewSchema } from '../../shared/schemas/leavers';
import { defineRoutes } from './define';

export const leaversRoutes = defineRoutes('leavers', {
  previewLeaving: {
    method: 'GET',
    path: '/api/businesses/{businessId}/employees/{employeeId}/leaving',
    auth: 'user',
    throttle: 'standard',
    summary: "What the deactivate dialog shows before it happens: the colleagues' active cards the page may point to, who may receive the leads (and who does by default) and how many leads there are",
    response: leavingPreviewSchema,
    scoped: true,
  },
  deactivateEmployee: {
    method: 'POST',
    path: '/api/businesses/{businessId}/employees/{employeeId}/deactivate',
    auth: 'user',
    throttle: 'standard',
    summary:
      "Deactivate (the leaver flow): the card page says they left and points to the colleague's card picked (or the company's website and phone), their leads go to the person picked (default: the business's creator), their sessions end and the portal refuses them, wallet passes are voided. Safe to repeat: a repeat completes what a failure left undone",
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
});
