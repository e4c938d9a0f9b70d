// Create Business Card (spec 2 Employee Profile dialog): a card for an employee who has none, then its QR code.
import type { Employee } from '../../../shared/schemas/employee';
import { messages } from '../../../shared/messages';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { AppError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { newCardOf } from './card-snapshot';
import { toEmployeeDto } from './dto';
import { createCardForEmployee, getCardOfEmployee } from './employee-repository';
import { storeCardQr } from './generate-card-qr';
import { getCard, getEmployee } from './repository';
import { withFreshBusiness } from './fresh-business';

export async function createCard(caller: Caller, businessId: string, employeeId: string): Promise<Employee> {
  await assertMay(caller, businessId, 'employees');
  const employee = await getEmployee(employeeId);
  if (!employee || employee.businessId !== businessId) throw notFound('Employee not found.');
  if (await getCardOfEmployee(employee)) throw new AppError('CONFLICT', messages.employee.cardExists);

  const cardId = newId();
  await withFreshBusiness(businessId, (business) => createCardForEmployee(employee, newCardOf(cardId, employee, business)));
  try {
    await storeCardQr({ cardId, businessId });
  } catch (error) {
    // The card exists; the dashboard generates missing QR codes when it loads.
    logger.error('QR generation failed after card creation', { cardId, error: error as Error });
  }
  const [saved, card] = await Promise.all([getEmployee(employeeId), getCard(cardId)]);
  if (!saved) throw notFound('Employee not found.');
  return toEmployeeDto(saved, card, 0);
}
