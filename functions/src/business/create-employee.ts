// Add Employee: the employee, its card and the business counters in one transaction, then the card's QR code. The
// card is active exactly when the employee is (a Draft or Inactive employee's card is not shown to the public). A QR
// failure leaves the employee and card; the dashboard regenerates it.
import type { Employee, EmployeeCreate } from '../../../shared/schemas/employee';
import type { Caller } from '../identity/caller';
import { assertMay, assertMayGiveRole } from '../identity/access';
import { notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { compact } from '../lib/values';
import { newCardOf } from './card-snapshot';
import { toEmployeeDto } from './dto';
import { storeCardQr } from './generate-card-qr';
import { createEmployeeWithCard, getCard, getEmployee } from './repository';
import { withFreshBusiness } from './fresh-business';
import { departmentForSave } from './departments';

export async function createEmployee(caller: Caller, businessId: string, input: EmployeeCreate): Promise<Employee> {
  await assertMay(caller, businessId, 'employees');
  await assertMayGiveRole(caller, businessId, null, input.role);
  const employeeId = newId();
  const cardId = newId();
  const department = await departmentForSave(businessId, input.department, true);
  const fields = { ...compact({ ...input, department }), employeeId, businessId };
  await withFreshBusiness(businessId, (business) => createEmployeeWithCard(fields, newCardOf(cardId, fields, business)));

  try {
    await storeCardQr({ cardId, businessId });
  } catch (error) {
    logger.error('QR generation failed after employee creation', { cardId, error: error as Error });
  }
  const [employee, card] = await Promise.all([getEmployee(employeeId), getCard(cardId)]);
  if (!employee) throw notFound('Employee not found.');
  return toEmployeeDto(employee, card);
}
