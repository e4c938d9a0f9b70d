import { describe, expect, it } from 'vitest';
import type { EmployeeRecord } from '../business/repository';
import type { DirectoryUserRecord } from './repository';
import { ScimError } from './scim-errors';
import { applyPatch, readPatchMessage } from './scim-patch';
import { ENTERPRISE_SCHEMA, PATCH_SCHEMA, readUserDocument, toScimUser, USER_SCHEMA } from './scim-user';
import { compileUserFilter } from './scim-users';

const employee = {
  employeeId: 'emp1',
  businessId: 'biz1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  officePhone: '+1 555 0100',
  jobTitle: 'Analyst',
  department: 'Engines',
  role: 'employee',
  status: 'active',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
  employeeOrder: 'x',
} as EmployeeRecord;
const directory = { employeeId: 'emp1', businessId: 'biz1', userName: 'Ada@Example.com', externalId: 'ext-1', givenName: 'Ada', familyName: 'Lovelace', employeeNumber: '7', managerId: 'm1' } as DirectoryUserRecord;
const base = 'https://cards.example/scim/v2';

function scimErrorOf(run: () => unknown): { status: number; scimType?: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ScimError) return { status: error.status, scimType: error.scimType };
    throw error;
  }
  throw new Error('no error');
}

describe('SCIM User ↔ employee', () => {
  it('shows an employee as a User with the enterprise extension, keeping userName as the directory sent it', () => {
    const user = toScimUser(employee, directory, base);
    expect(user).toEqual({
      schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
      id: 'emp1',
      externalId: 'ext-1',
      userName: 'Ada@Example.com',
      name: { formatted: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace' },
      displayName: 'Ada Lovelace',
      title: 'Analyst',
      active: true,
      emails: [{ value: 'ada@example.com', type: 'work', primary: true }],
      phoneNumbers: [{ value: '+1 555 0100', type: 'work' }],
      [ENTERPRISE_SCHEMA]: { department: 'Engines', employeeNumber: '7', manager: { value: 'm1' } },
      meta: { resourceType: 'User', created: employee.createdAt, lastModified: employee.updatedAt, location: `${base}/Users/emp1` },
    });
    // Added by hand: no directory record, known by the e-mail; inactive is active false, draft is not.
    expect(toScimUser({ ...employee, status: 'inactive' }, null, base)).toMatchObject({ userName: 'ada@example.com', active: false, schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA] });
    expect(toScimUser({ ...employee, status: 'draft' }, null, base).active).toBe(true);
  });

  it('reads a User: name from formatted, else the parts, else displayName; work e-mail, else userName; phones by type', () => {
    const read = readUserDocument({
      schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
      UserName: 'bob@example.com',
      name: { givenName: 'Bob', familyName: 'Builder' },
      emails: [{ value: 'home@example.com', type: 'home' }, { value: 'bob.work@example.com', type: 'Work' }],
      phoneNumbers: [{ value: '+1 555 0001', type: 'mobile' }],
      active: 'False',
      [ENTERPRISE_SCHEMA]: { department: 'Sites', manager: { value: 'm2', displayName: 'Wendy' } },
      locale: 'en-GB',
      password: 'secret',
    });
    expect(read).toEqual({
      profile: { name: 'Bob Builder', email: 'bob.work@example.com', officePhone: null, mobilePhone: '+1 555 0001', jobTitle: null, department: 'Sites' },
      active: false,
      directory: { userName: 'bob@example.com', externalId: undefined, givenName: 'Bob', familyName: 'Builder', employeeNumber: undefined, managerId: 'm2', managerDisplayName: 'Wendy' },
    });
    expect(readUserDocument({ schemas: [USER_SCHEMA], userName: 'c@example.com', displayName: 'Cee' }).profile).toMatchObject({ name: 'Cee', email: 'c@example.com' });
    expect(readUserDocument({ schemas: [USER_SCHEMA], userName: 'c@example.com' }).active).toBe(true);
  });

  it('refuses unknown schemas and attributes, wrong types and a missing userName with SCIM 400s', () => {
    expect(scimErrorOf(() => readUserDocument({ schemas: [USER_SCHEMA, 'urn:x'], userName: 'a@b.co' }))).toEqual({ status: 400, scimType: 'invalidSyntax' });
    expect(scimErrorOf(() => readUserDocument({ schemas: [USER_SCHEMA], userName: 'a@b.co', shoeSize: 9 }))).toEqual({ status: 400, scimType: 'invalidSyntax' });
    expect(scimErrorOf(() => readUserDocument({ schemas: [USER_SCHEMA], userName: 'a@b.co', name: { nick: 'x' } }))).toEqual({ status: 400, scimType: 'invalidSyntax' });
    expect(scimErrorOf(() => readUserDocument({ userName: 'a@b.co' }))).toEqual({ status: 400, scimType: 'invalidSyntax' });
    expect(scimErrorOf(() => readUserDocument({ schemas: [USER_SCHEMA] }))).toEqual({ status: 400, scimType: 'invalidValue' });
    expect(scimErrorOf(() => readUserDocument({ schemas: [USER_SCHEMA], userName: 'a@b.co', active: 'yes' }))).toEqual({ status: 400, scimType: 'invalidValue' });
    expect(scimErrorOf(() => readUserDocument({ schemas: [USER_SCHEMA], userName: 'a@b.co', title: 5 }))).toEqual({ status: 400, scimType: 'invalidValue' });
    expect(scimErrorOf(() => readUserDocument({ schemas: [USER_SCHEMA], userName: 'a@b.co', userNAME: 'b@b.co' }))).toEqual({ status: 400, scimType: 'invalidSyntax' });
    expect(scimErrorOf(() => readUserDocument([]))).toEqual({ status: 400, scimType: 'invalidSyntax' });
  });
});

describe('SCIM filters', () => {
  const user = toScimUser(employee, directory, base);
  it('matches userName case-insensitively, externalId exactly, the work e-mail, and `and`', () => {
    expect(compileUserFilter('userName eq "ada@EXAMPLE.com"')(user)).toBe(true);
    expect(compileUserFilter('externalId eq "ext-1"')(user)).toBe(true);
    expect(compileUserFilter('externalId eq "EXT-1"')(user)).toBe(false);
    expect(compileUserFilter('emails[type eq "work"].value eq "ada@example.com"')(user)).toBe(true);
    expect(compileUserFilter('userName eq "ada@example.com" and externalId eq "nope"')(user)).toBe(false);
    expect(compileUserFilter('userName eq "ada@example.com" and active eq true')(user)).toBe(true);
  });
  it('refuses a filter it cannot parse with invalidFilter', () => {
    expect(scimErrorOf(() => compileUserFilter('userName eq'))).toEqual({ status: 400, scimType: 'invalidFilter' });
    expect(scimErrorOf(() => compileUserFilter('(((('))).toEqual({ status: 400, scimType: 'invalidFilter' });
  });
});

describe('SCIM PATCH', () => {
  const user = toScimUser(employee, directory, base);
  const patch = (...Operations: unknown[]) => applyPatch(user, readPatchMessage({ schemas: [PATCH_SCHEMA], Operations }));

  it("applies Entra ID's forms: Replace, a value-filter path, the extension's URN path, \"False\"", () => {
    const doc = patch(
      { op: 'Replace', path: 'active', value: 'False' },
      { op: 'Add', path: 'emails[type eq "work"].value', value: 'ada.new@example.com' },
      { op: 'Replace', path: `${ENTERPRISE_SCHEMA}:department`, value: 'Mathematics' },
    );
    expect(doc.active).toBe(false);
    expect(doc.emails).toEqual([{ value: 'ada.new@example.com', type: 'work', primary: true }]);
    expect(doc[ENTERPRISE_SCHEMA]).toMatchObject({ department: 'Mathematics', employeeNumber: '7' });
    expect(doc).not.toHaveProperty('id');
    expect(doc).not.toHaveProperty('meta');
    expect(readUserDocument(doc).profile).toMatchObject({ email: 'ada.new@example.com', department: 'Mathematics' });
  });

  it("removes the manager as Entra ID does (with the old value in the operation)", () => {
    const doc = patch({ op: 'Remove', path: `${ENTERPRISE_SCHEMA}:manager`, value: [{ value: 'm1' }] });
    expect(doc[ENTERPRISE_SCHEMA]).toEqual({ department: 'Engines', employeeNumber: '7' });
    expect(readUserDocument(doc).directory.managerId).toBeUndefined();
    // A value on a multi-valued attribute still selects what to remove.
    expect(patch({ op: 'remove', path: 'phoneNumbers', value: [{ value: '+1 555 0100', type: 'work' }] }).phoneNumbers ?? []).toEqual([]);
  });

  it("applies Okta's no-path replace and add/remove with paths; renames on displayName or the name parts", () => {
    expect(patch({ op: 'replace', value: { active: false } }).active).toBe(false);
    expect(patch({ op: 'remove', path: 'title' })).not.toHaveProperty('title');
    expect(patch({ op: 'add', path: 'phoneNumbers[type eq "mobile"].value', value: '+1 555 0200' }).phoneNumbers).toEqual([
      { value: '+1 555 0100', type: 'work' },
      { type: 'mobile', value: '+1 555 0200' },
    ]);
    expect(readUserDocument(patch({ op: 'replace', path: 'displayName', value: 'Countess Ada' })).profile.name).toBe('Countess Ada');
    expect(readUserDocument(patch({ op: 'replace', path: 'name.givenName', value: 'Augusta' })).profile.name).toBe('Augusta Lovelace');
    expect(readUserDocument(patch({ op: 'replace', value: { 'name.familyName': 'King' } })).profile.name).toBe('Ada King');
  });

  it('refuses malformed messages, read-only paths and bad values with SCIM 400s', () => {
    expect(scimErrorOf(() => readPatchMessage({ Operations: [] }))).toEqual({ status: 400, scimType: 'invalidSyntax' });
    expect(scimErrorOf(() => readPatchMessage({ schemas: [PATCH_SCHEMA], Operations: [] }))).toEqual({ status: 400, scimType: 'invalidSyntax' });
    expect(scimErrorOf(() => patch({ op: 'move', path: 'title' }))).toEqual({ status: 400, scimType: 'invalidSyntax' });
    expect(scimErrorOf(() => patch({ op: 'remove' }))).toEqual({ status: 400, scimType: 'noTarget' });
    expect(scimErrorOf(() => patch({ op: 'replace', path: 'meta.created', value: 'x' }))).toEqual({ status: 400, scimType: 'mutability' });
    expect(scimErrorOf(() => patch({ op: 'replace', path: 'active', value: 'perhaps' }))).toEqual({ status: 400, scimType: 'invalidValue' });
    expect(scimErrorOf(() => patch({ op: 'replace', path: 'emails[[', value: 'x' })).status).toBe(400);
  });
});
