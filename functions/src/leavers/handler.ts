// The `leavers` area Lambda (issue 23 §2): the deactivate dialog's facts, and deactivate and reactivate an employee
// through the one leaver flow.
import { httpHandler } from '../lib/http-handler';
import { leaversRoutes } from '../../routes/leavers';
import { deactivateEmployee, previewLeaving, reactivateEmployee } from './deactivate';

export const handler = httpHandler(leaversRoutes, {
  previewLeaving: async ({ caller, params }) => previewLeaving(caller, params.businessId, params.employeeId),
  deactivateEmployee: async ({ caller, params, body }) => deactivateEmployee(caller, params.businessId, params.employeeId, body),
  reactivateEmployee: async ({ caller, params }) => reactivateEmployee(caller, params.businessId, params.employeeId),
});
