// Scan totals live on items of their own: scans of a busy card never make adding an employee fail.
// DynamoDB Local does not cancel a transaction for a racing plain write as AWS does, so this checks the outcome
// end to end; repositories.test.ts proves the cause (the two write sets share no item).
import { describe, expect, it } from 'vitest';
import { addEmployee, api, createOwnerWithBusiness, tables, uniqueEmail, scanCard } from '../support/runtime';

describe('scan counters racing owner edits', () => {
  it('lets 200 scans and 20 employee creations on one business all succeed, with exact totals and counters', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Busy Card Co' });
    const employee = await addEmployee(owner, business.id);

    const scans = Array.from({ length: 200 }, () => scanCard(employee.card.id).then((r) => r.status));
    const creations = Array.from({ length: 20 }, (_, i) =>
      api('POST', `/api/businesses/${business.id}/employees`, {
        user: owner,
        body: { name: `Racer ${i}`, email: uniqueEmail('racer'), status: i % 2 === 0 ? 'active' : 'draft' },
      }).then((r) => r.status),
    );
    const [scanStatuses, creationStatuses] = await Promise.all([Promise.all(scans), Promise.all(creations)]);
    expect(scanStatuses.filter((s) => s !== 200)).toEqual([]);
    expect(creationStatuses.filter((s) => s !== 201)).toEqual([]);

    const db = await tables();
    // Stored: the card's day counter (issue 25 §2); the dashboard below reads it as an open day.
    const day = new Date().toISOString().slice(0, 10);
    expect((await db.cardScanDay.get({ cardId: employee.card.id, day }).go({ consistent: true })).data?.count).toBe(200);
    expect((await db.business.get({ businessId: business.id }).go({ consistent: true })).data).toMatchObject({
      employeeCount: 21,
      billableEmployeeCount: 11,
      cardCount: 21,
      // A card is active exactly when its employee is: the first employee and the 10 created active.
      activeCardCount: 11,
    });

    const dashboard = await api('GET', `/api/businesses/${business.id}/dashboard`, { user: owner });
    expect(dashboard.body.business.scanCount).toBe(200);
    expect(dashboard.body.employees.find((e: { id: string }) => e.id === employee.id).card.scanCount).toBe(200);
    expect(dashboard.body.employees).toHaveLength(21);
  });
});
