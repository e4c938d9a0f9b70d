// The `business` area Lambda: onboarding, dashboard, employees and cards.
import type { BusinessForm } from '../../../shared/schemas/business';
import type { EmployeeCreate } from '../../../shared/schemas/employee';
import { created, httpHandler, type OperationInput } from '../lib/http';
import { createBusiness } from './create-business';
import { createEmployee } from './create-employee';
import { generateCardQr } from './generate-card-qr';
import { getDashboard } from './get-dashboard';

export const handler = httpHandler('business', {
  createBusiness: async ({ caller, body }: OperationInput<BusinessForm>) => created(await createBusiness(caller, body)),
  getDashboard: async ({ caller, params, query }: OperationInput) => getDashboard(caller, params.businessId ?? '', query.cursor),
  createEmployee: async ({ caller, params, body }: OperationInput<EmployeeCreate>) =>
    created(await createEmployee(caller, params.businessId ?? '', body)),
  generateCardQr: async ({ caller, params }: OperationInput) => generateCardQr(caller, params.businessId ?? '', params.cardId ?? ''),
});
