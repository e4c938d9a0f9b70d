// The `leavers` area Lambda (issue 23 §2): the deactivate dialog's facts, and deactivate and reactivate an employee
// through the one leaver flow; the pickers' people search and Company Settings' leaver defaults (issue 39).
import { httpHandler } from '../http/http-handler';
import { leaversRoutes } from '../../routes/leavers';
import { deactivateEmployee, previewLeaving, reactivateEmployee } from './deactivate';
import { getLeaverDefaults, saveLeaverDefaults } from './leaver-defaults';
import { searchPeople } from './search-people';

export const handler = httpHandler(leaversRoutes, {
  previewLeaving: async ({ caller, params }) => previewLeaving(caller, params.businessId, params.employeeId),
  deactivateEmployee: async ({ caller, params, body }) => deactivateEmployee(caller, params.businessId, params.employeeId, body),
  reactivateEmployee: async ({ caller, params }) => reactivateEmployee(caller, params.businessId, params.employeeId),
  searchPeople: async ({ caller, params, query }) => searchPeople(caller, params.businessId, query),
  getLeaverDefaults: async ({ caller, params }) => getLeaverDefaults(caller, params.businessId),
  updateLeaverDefaults: async ({ caller, params, body }) => saveLeaverDefaults(caller, params.businessId, body),
});
