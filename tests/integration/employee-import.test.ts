// Import and export of employees (issue 11 §1) over the API and, where a failure must be forced, in-process: the
// preview writes nothing; the import creates rows with their cards, totals, guards and counters, updates or skips
// existing emails, flags bad and repeated rows; the same file twice creates nothing new; a transaction that fails
// leaves its rows unwritten and says so; the export re-imports with no change. Issue 26 §4: line breaks in a cell are
// joined and noted; formulas stay text; identical imports racing each other report rows as present, never failed.
import { afterEach, describe, expect, it } from 'vitest';
import { parseEmployeeCsv } from '../../shared/employee-csv';
import { messages } from '../../shared/messages';
import { addEmployee, api, createOwnerWithBusiness, origin, scanCard, tables, uniqueEmail } from '../support/runtime';
const { dynamo } = await import('../../functions/src/data/client');
const { importEmployees } = await import('../../functions/src/business/import-employees');
const { resolveCaller } = await import('../../functions/src/identity/caller');

type Owned = Awaited<ReturnType<typeof createOwnerWithBusiness>>;
const importRows = (owned: Owned, rows: Record<string, unknown>[], options: { onExisting?: 'update' | 'skip'; dryRun?: boolean } = {}) =>
  api('POST', `/api/businesses/${owned.business.id}/employee-imports`, { user: owned.owner, body: { rows, onExisting: options.onExisting ?? 'update', dryRun: options.dryRun ?? false } });

async function counters(businessId: string) {
  const db = await tables();
  const { data } = await db.business.get({ businessId }).go({ consistent: true });
  return { employeeCount: data!.employeeCount, billableEmployeeCount: data!.billableEmployeeCount, cardCount: data!.cardCount, activeCardCount: data!.activeCardCount };
}

async function employeesOf(businessId: string) {
  const db = await tables();
  return (await db.employee.query.dashboard({ businessId }).go({ pages: 'all' })).data;
}

/** A file's rows: five new people, three bad rows, a repeat, and the two existing employees (one changed). */
function fileRows(existing: { changed: string; same: { email: string; name: string } }) {
  return [
    ...Array.from({ length: 5 }, (_, i) => ({ line: i + 2, name: `New Person ${i}`, email: `new-${i}-${existing.changed}`, jobTitle: 'Analyst', status: i === 0 ? 'Draft' : 'active' })),
    { line: 7, name: 'Bad Email', email: 'not-an-email', status: 'Active' },
    { line: 8, name: '', email: uniqueEmail('noname') },
    { line: 9, name: 'Bad Status', email: uniqueEmail('status'), status: 'retired' },
    { line: 10, name: 'Repeat', email: `NEW-1-${existing.changed}` },
    { line: 11, name: 'Changed Name', email: existing.changed.toUpperCase(), jobTitle: 'Lead' },
    { line: 12, name: existing.same.name, email: existing.same.email, jobTitle: 'Engineer' },
  ];
}

describe('importing employees', () => {
  it('previews every row without writing, then imports them, then changes nothing on a second import', async () => {
    const owned = await createOwnerWithBusiness();
    const changed = await addEmployee(owned.owner, owned.business.id, { email: uniqueEmail('changed'), status: 'active', jobTitle: 'Engineer' });
    const same = await addEmployee(owned.owner, owned.business.id, { email: uniqueEmail('same'), status: 'active', jobTitle: 'Engineer' });
    const rows = fileRows({ changed: changed.email, same: { email: same.email, name: same.name } });
    const before = await counters(owned.business.id);

    const preview = await importRows(owned, rows, { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body.dryRun).toBe(true);
    expect(preview.body.results.map((r: { line: number; outcome: string }) => [r.line, r.outcome])).toEqual([
      [2, 'create'], [3, 'create'], [4, 'create'], [5, 'create'], [6, 'create'],
      [7, 'invalid'], [8, 'invalid'], [9, 'invalid'], [10, 'duplicate'], [11, 'update'], [12, 'unchanged'],
    ]);
    expect(preview.body.results[5].errors).toEqual({ email: messages.employee.validEmail });
    expect(preview.body.results[6].errors).toEqual({ name: messages.employee.nameRequired });
    expect(preview.body.results[7].errors).toEqual({ status: messages.employeeImport.invalidStatus });
    expect(preview.body.results[8].errors).toEqual({ email: messages.employeeImport.duplicate });
    expect(preview.body.results[9].employeeId).toBe(changed.id);
    // Nothing was written.
    expect(await counters(owned.business.id)).toEqual(before);
    expect(await employeesOf(owned.business.id)).toHaveLength(2);

    const imported = await importRows(owned, rows);
    expect(imported.status).toBe(200);
    const outcomes = imported.body.results.map((r: { outcome: string }) => r.outcome);
    expect(outcomes).toEqual(['create', 'create', 'create', 'create', 'create', 'invalid', 'invalid', 'invalid', 'duplicate', 'update', 'unchanged']);
    // Five employees with their cards, totals and guards; one of them a draft (not billable, card off).
    expect(await counters(owned.business.id)).toEqual({ employeeCount: 7, billableEmployeeCount: 6, cardCount: 7, activeCardCount: 6 });
    const db = await tables();
    for (const result of imported.body.results.slice(0, 5)) {
      const employee = (await db.employee.get({ employeeId: result.employeeId }).go()).data!;
      expect(employee).toMatchObject({ businessId: owned.business.id, role: 'employee', jobTitle: 'Analyst' });
      const card = (await db.card.get({ cardId: employee.cardId! }).go()).data!;
      expect(card).toMatchObject({ employeeId: employee.employeeId, isActive: employee.status === 'active', profile: { name: employee.name, jobTitle: 'Analyst' } });
      expect((await db.cardScanTotal.get({ cardId: card.cardId }).go()).data?.scanCount).toBe(0);
      expect((await db.employeeEmailGuard.get({ businessId: owned.business.id, email: employee.email }).go()).data?.employeeId).toBe(employee.employeeId);
    }
    expect((await db.employee.get({ employeeId: result(imported, 0) }).go()).data?.status).toBe('draft');
    // The changed employee now reads as the file says, and so does their card; the rest of them is untouched.
    expect((await db.employee.get({ employeeId: changed.id }).go()).data).toMatchObject({ name: 'Changed Name', jobTitle: 'Lead', status: 'active', officePhone: '+1 555 0100' });
    expect((await db.card.get({ cardId: changed.card.id }).go()).data?.profile).toMatchObject({ name: 'Changed Name', jobTitle: 'Lead' });
    // A new card's page is live.
    const page = await scanCard((await db.employee.get({ employeeId: result(imported, 1) }).go()).data!.cardId!);
    expect(page.status).toBe(200);

    const again = await importRows(owned, rows);
    expect(again.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'invalid', 'invalid', 'invalid', 'duplicate', 'unchanged', 'unchanged']);
    expect(await counters(owned.business.id)).toEqual({ employeeCount: 7, billableEmployeeCount: 6, cardCount: 7, activeCardCount: 6 });
    expect(await employeesOf(owned.business.id)).toHaveLength(7);

    const skipped = await importRows(owned, [{ line: 2, name: 'Would Change', email: changed.email }], { onExisting: 'skip' });
    expect(skipped.body.results).toEqual([{ line: 2, outcome: 'skip', employeeId: changed.id }]);
    expect((await db.employee.get({ employeeId: changed.id }).go()).data?.name).toBe('Changed Name');

    // Outcomes are by line: a request whose rows share a line is refused whole.
    const clash = await importRows(owned, [{ line: 2, name: 'A', email: uniqueEmail('a') }, { line: 2, name: 'B', email: uniqueEmail('b') }]);
    expect(clash.status).toBe(400);
    expect(await employeesOf(owned.business.id)).toHaveLength(7);
  });

  it('exports every employee with card URL and scans, and the file re-imports with no change', async () => {
    const owned = await createOwnerWithBusiness();
    const formula = '=HYPERLINK("http://evil.example","x")';
    const ada = await addEmployee(owned.owner, owned.business.id, { name: formula, email: uniqueEmail('ada'), officePhone: '+351 21 000 0000', department: 'R&D, "Labs"', status: 'active' });
    await addEmployee(owned.owner, owned.business.id, { name: 'Bo Draft', email: uniqueEmail('bo'), status: 'draft' });
    await scanCard(ada.card.id);

    const res = await fetch(`${origin}/api/businesses/${owned.business.id}/employee-export`, { headers: { authorization: `Bearer ${owned.owner.idToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="employees.csv"');
    const csv = await res.text();
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Name,Email,Office Phone,Mobile Phone,Job Title,Department,LinkedIn,Status,Card URL,Scans');
    // The formula stays text in a spreadsheet; the phone's leading + too.
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")",${ada.email},'+351 21 000 0000,,Engineer,"R&D, ""Labs""",,Active,${ada.card.cardUrl},1`);
    expect(lines[2]).toMatch(/^Bo Draft,.*,Draft,http.*\/card\/[\w-]+,0$/);

    const parsed = parseEmployeeCsv(csv);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.rows[0]).toMatchObject({ name: formula, officePhone: '+351 21 000 0000', department: 'R&D, "Labs"' });
    const reimport = await importRows(owned, parsed.rows);
    expect(reimport.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['unchanged', 'unchanged']);
    const db = await tables();
    expect((await db.employee.get({ employeeId: ada.id }).go()).data?.name).toBe(formula);
  });
});

describe('cells a spreadsheet wrote over several lines', () => {
  it('joins line breaks in single-line fields with a space on import and says so, while Add Employee still refuses them', async () => {
    const owned = await createOwnerWithBusiness();
    const email = uniqueEmail('altenter');
    // Excel's Alt+Enter: a quoted cell with a line break (LF, or CRLF from some exports).
    const rows = [{ line: 2, name: 'Ada\nLovelace', email, jobTitle: 'Chief\r\n  Analyst', department: 'Sales\nNorth\n\nEast', officePhone: '+1 555 0100' }];
    const joined = messages.employeeImport.lineBreaksJoined;
    const notices = { name: joined, jobTitle: joined, department: joined };

    const preview = await importRows(owned, rows, { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body.results).toEqual([{ line: 2, outcome: 'create', notices }]);
    expect(await employeesOf(owned.business.id)).toHaveLength(0);

    const imported = await importRows(owned, rows);
    expect(imported.body.results).toEqual([{ line: 2, outcome: 'create', employeeId: expect.any(String), notices }]);
    const [stored] = await employeesOf(owned.business.id);
    expect(stored).toMatchObject({ name: 'Ada Lovelace', jobTitle: 'Chief Analyst', department: 'Sales North East', officePhone: '+1 555 0100' });

    // The same file again finds the employee as it reads: nothing to change.
    const again = await importRows(owned, rows);
    expect(again.body.results).toEqual([{ line: 2, outcome: 'unchanged', employeeId: stored!.employeeId, notices }]);

    // Typed in a form, a line break is still refused.
    const typed = await api('POST', `/api/businesses/${owned.business.id}/employees`, { user: owned.owner, body: { name: 'Bo', email: uniqueEmail('typed'), department: 'Sales\nNorth' } });
    expect(typed.status).toBe(400);
    expect(typed.body.error.fieldErrors.department).toBe(messages.text.singleLine);
    expect(await employeesOf(owned.business.id)).toHaveLength(1);
  });
});

describe('formula-looking cells', () => {
  it('stores an imported formula as the text it is and exports it with a leading quote', async () => {
    const owned = await createOwnerWithBusiness();
    const formula = '=HYPERLINK("http://evil.example","click")';
    const imported = await importRows(owned, [{ line: 2, name: formula, email: uniqueEmail('formula'), department: '@team' }]);
    expect(imported.body.results[0].outcome).toBe('create');
    const [stored] = await employeesOf(owned.business.id);
    expect(stored).toMatchObject({ name: formula, department: '@team' });
    const res = await fetch(`${origin}/api/businesses/${owned.business.id}/employee-export`, { headers: { authorization: `Bearer ${owned.owner.idToken}` } });
    const row = (await res.text()).split('\r\n')[1]!;
    expect(row.startsWith(`"'=HYPERLINK(""http://evil.example"",""click"")",${stored!.email},`)).toBe(true);
    expect(row).toContain(",'@team,");
  });
});

describe('identical imports racing each other', () => {
  it('reports every row as created by one request and already present in the others, and stores each person once', async () => {
    const owned = await createOwnerWithBusiness();
    // 30 rows: two transactions each (24 + 6), so both requests write the same guards and business item at once.
    const rows = Array.from({ length: 30 }, (_, i) => ({ line: i + 2, name: `Racer ${i}`, email: uniqueEmail(`race${i}`), jobTitle: 'Analyst', status: 'Active' }));

    const responses = await Promise.all(Array.from({ length: 3 }, () => importRows(owned, rows)));
    for (const response of responses) {
      expect(response.status).toBe(200);
      for (const result of response.body.results) expect(['create', 'unchanged'], JSON.stringify(result)).toContain(result.outcome);
    }
    // Each row was created exactly once, and every request names the same employee for it.
    const stored = await employeesOf(owned.business.id);
    expect(stored).toHaveLength(rows.length);
    expect(new Set(stored.map((e) => e.email))).toEqual(new Set(rows.map((r) => r.email)));
    rows.forEach((row, i) => {
      const employeeId = stored.find((e) => e.email === row.email)!.employeeId;
      expect(responses.filter((r) => r.body.results[i].outcome === 'create'), row.email).toHaveLength(1);
      for (const response of responses) expect(response.body.results[i].employeeId).toBe(employeeId);
    });
    expect(await counters(owned.business.id)).toEqual({ employeeCount: 30, billableEmployeeCount: 30, cardCount: 30, activeCardCount: 30 });
  });
});

describe('a failure in the middle of an import', () => {
  let removeFault: (() => void) | undefined;
  afterEach(() => removeFault?.());

  it('leaves the failed transaction’s rows unwritten and reports them, and writes the rest', async () => {
    const owned = await createOwnerWithBusiness();
    const caller = await resolveCaller({ sub: owned.owner.sub, email: owned.owner.email, email_verified: 'true', token_use: 'id' });
    // The second of three transactions (rows 26–49) fails as DynamoDB would fail it; every other call is real.
    let transactions = 0;
    const client = dynamo();
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'TransactWriteItemsCommand' && ++transactions === 2) throw Object.assign(new Error('Throughput exceeds the current capacity'), { name: 'ProvisionedThroughputExceededException' });
        return next(args);
      },
      { step: 'initialize', name: 'failSecondTransaction' },
    );
    removeFault = () => client.middlewareStack.remove('failSecondTransaction');
    const rows = Array.from({ length: 50 }, (_, i) => ({ line: i + 2, name: `Person ${i}`, email: uniqueEmail(`p${i}`), status: 'active' }));

    const response = await importEmployees(caller, owned.business.id, { rows, onExisting: 'update', dryRun: false });
    const outcomes = response.results.map((r) => r.outcome);
    expect(outcomes.slice(0, 24)).toEqual(Array(24).fill('create'));
    expect(outcomes.slice(24, 48)).toEqual(Array(24).fill('failed'));
    expect(outcomes.slice(48)).toEqual(['create', 'create']);
    expect(response.results[30]!.errors).toEqual({ _: messages.employeeImport.failed });

    expect(await counters(owned.business.id)).toEqual({ employeeCount: 26, billableEmployeeCount: 26, cardCount: 26, activeCardCount: 26 });
    const stored = new Set((await employeesOf(owned.business.id)).map((e) => e.email));
    rows.forEach((row, i) => expect(stored.has(row.email), row.email).toBe(i < 24 || i >= 48));
    const db = await tables();
    expect((await db.employeeEmailGuard.get({ businessId: owned.business.id, email: rows[30]!.email }).go()).data).toBeNull();
  });
});

const result = (res: { body: { results: { employeeId?: string }[] } }, i: number) => res.body.results[i]!.employeeId!;
