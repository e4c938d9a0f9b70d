// Delete Employee (spec 2 §4): only an inactive employee who is not an owner. Everything the employee owns goes in
// one transaction (employee, card, scan total, e-mail guard, the linked user's membership, counters); then, outside
// it, the per-day scan counters, the contacts shared with them and the media objects — logged as errors if they
// fail, since nothing points at a leftover any more. The card's leaver item stays as its tombstone (issue 23 §2): the
// card page keeps answering 410 with who left and the way on, never a bare 404.
import { messages } from '../../../shared/messages';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { deleteEmployeeMedia, photoKeysOf, qrKeysOf } from '../business/employee-media';
import { deleteCardScanDays, deleteEmployeeRecords, getCardOfEmployee } from '../business/employee-repository';
import { getEmployee } from '../business/repository';
import { deleteContacts, listContactsOfEmployee } from '../contacts/repository';
import { keepTombstone } from './deactivate';
import { markLeaverDeleted } from '../business/leaver-repository';

export async function deleteEmployee(caller: Caller, businessId: string, employeeId: string): Promise<void> {
  await assertMay(caller, businessId, 'employees');
  const employee = await getEmployee(employeeId);
  if (!employee || employee.businessId !== businessId) throw notFound('Employee not found.');
  if (employee.role === 'owner') throw new AppError('CONFLICT', messages.employee.deleteNotOwner);
  if (employee.status !== 'inactive') throw new AppError('CONFLICT', messages.employee.deleteOnlyInactive);

  const card = await getCardOfEmployee(employee);
  if (card) await keepTombstone(employee, card);
  if (!(await deleteEmployeeRecords(employee, card))) throw new AppError('CONFLICT', messages.employee.changedMeanwhile);
  if (card) await markLeaverDeleted(card.cardId, new Date().toISOString());

  const leftovers = await Promise.allSettled([
    card ? deleteCardScanDays(card.cardId) : Promise.resolve(0),
    deleteEmployeeMedia([...(card ? qrKeysOf(card) : []), ...photoKeysOf(employee)]),
    listContactsOfEmployee(employeeId).then((contacts) => deleteContacts(contacts.map((c) => c.contactId))),
  ]);
  for (const outcome of leftovers) {
    if (outcome.status === 'rejected') {
      logger.error('employee deleted, but some of its scan counters, contacts or media were not', { employeeId, cardId: card?.cardId, error: outcome.reason as Error });
    }
  }
}
