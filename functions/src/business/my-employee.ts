// The signed-in employee's own record (employee portal, spec 1 §2): found through their business membership.
import type { MyEmployee } from '../../../shared/schemas/employee';
import { messages } from '../../../shared/messages';
import { portalMessages } from '../../../shared/messages/portal';
import type { Caller } from '../identity/caller';
import { forbidden, notFound } from '../lib/errors';
import { orNull } from '../lib/values';
import { toEmployeeDto } from './dto';
import { getCardOfEmployee } from './employee-repository';
import { getBusiness, getCardScanTotal, getEmployee, type EmployeeRecord } from './repository';

/**
 * The employee record the caller is linked to; 404 'Profile Not Found' when there is none, 403 with the reason when
 * the employee left (issue 23 §2: their membership is marked left, or their status is inactive already).
 */
export async function myEmployeeRecord(caller: Caller): Promise<EmployeeRecord> {
  const membership = caller.memberships.find((m) => m.scopeType === 'business' && m.employeeId);
  if (!membership && caller.leftMemberships?.some((m) => m.scopeType === 'business')) throw forbidden(messages.leavers.portalClosed);
  const employee = membership?.employeeId ? await getEmployee(membership.employeeId) : null;
  if (!employee || employee.businessId !== membership?.scopeId) throw notFound(portalMessages.profileNotFoundTitle);
  if (employee.status === 'inactive') throw forbidden(messages.leavers.portalClosed);
  return employee;
}

export async function getMyEmployee(caller: Caller): Promise<MyEmployee> {
  const employee = await myEmployeeRecord(caller);
  const [business, card] = await Promise.all([getBusiness(employee.businessId), getCardOfEmployee(employee)]);
  if (!business) throw notFound(portalMessages.profileNotFoundTitle);
  const scanCount = card ? await getCardScanTotal(card.cardId) : 0;
  return {
    employee: toEmployeeDto(employee, card, scanCount),
    business: {
      id: business.businessId,
      name: business.name,
      logoUrl: orNull(business.logoUrl),
      primaryColor: orNull(business.primaryColor),
      secondaryColor: orNull(business.secondaryColor),
      accentColor: orNull(business.accentColor),
    },
    // Anyone with a business role beside their card (Owner, Admin, Billing contact) has the business portal too.
    isOwner: caller.memberships.some((m) => m.scopeType === 'business' && m.scopeId === business.businessId && m.role !== 'employee'),
  };
}
