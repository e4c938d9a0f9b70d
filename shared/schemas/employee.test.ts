import { describe, expect, it } from 'vitest';
import {
  cardIsActiveFor,
  employeeProfileSchema,
  employeeStatuses,
  employeeUpdateSchema,
  type EmployeeProfileInput,
  type EmployeeUpdateInput,
} from './employee';
import { messages } from '../messages';

function makeProfile(overrides: Partial<EmployeeProfileInput> = {}): EmployeeProfileInput {
  return {
    name: 'Jane Doe',
    email: 'Jane@Acme.example',
    phone: null,
    officePhone: '+1 (555) 010-0100',
    mobilePhone: '555 010 0101',
    jobTitle: 'Designer',
    department: 'Design',
    linkedinProfile: 'https://www.linkedin.com/in/janedoe',
    photoUrl: 'https://media.example/photos/jane.png',
    ...overrides,
  };
}

function makeUpdate(overrides: Partial<EmployeeUpdateInput> = {}): EmployeeUpdateInput {
  return { ...makeProfile(), role: 'employee', status: 'active', ...overrides };
}

const firstIssue = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const issue = result.error?.issues[0];
  return issue && { path: issue.path.join('.'), message: issue.message };
};

describe.each([
  ['employeeUpdateSchema', employeeUpdateSchema, makeUpdate],
  ['employeeProfileSchema', employeeProfileSchema, makeProfile],
] as const)('%s profile rules', (_name, schema, make) => {
  it('accepts a complete profile and lower-cases the e-mail', () => {
    expect(schema.parse(make())).toMatchObject({ ...make(), email: 'jane@acme.example' });
  });

  it('requires the name', () => {
    expect(firstIssue(schema.safeParse(make({ name: '  ' })))).toEqual({ path: 'name', message: 'Name is required' });
    const { name: _omit, ...withoutName } = make();
    expect(firstIssue(schema.safeParse(withoutName))).toEqual({ path: 'name', message: 'Name is required' });
  });

  it('requires the e-mail, and says so when it is empty', () => {
    expect(firstIssue(schema.safeParse(make({ email: ' ' })))).toEqual({ path: 'email', message: 'Email is required' });
    const { email: _omit, ...withoutEmail } = make();
    expect(firstIssue(schema.safeParse(withoutEmail))).toEqual({ path: 'email', message: 'Email is required' });
  });

  it('refuses a malformed e-mail', () => {
    expect(firstIssue(schema.safeParse(make({ email: 'jane@' })))).toEqual({
      path: 'email',
      message: 'Please enter a valid email address',
    });
  });

  it('stores empty optional fields as null', () => {
    expect(
      schema.parse(
        make({ officePhone: '', mobilePhone: ' ', jobTitle: '', department: undefined, linkedinProfile: '' }),
      ),
    ).toMatchObject({ officePhone: null, mobilePhone: null, jobTitle: null, department: null, linkedinProfile: null });
  });

  it('keeps the photo when the photo URL is left out, and removes it when the URL is empty', () => {
    const { photoUrl: _omit, ...withoutPhoto } = make();
    expect(schema.parse(withoutPhoto)).not.toHaveProperty('photoUrl');
    expect(schema.parse(make({ photoUrl: '' })).photoUrl).toBeNull();
    expect(schema.parse(make({ photoUrl: null })).photoUrl).toBeNull();
  });

  it('refuses a photo or LinkedIn URL that is not http(s)', () => {
    expect(firstIssue(schema.safeParse(make({ photoUrl: 'javascript:alert(1)' })))).toEqual({
      path: 'photoUrl',
      message: 'Please enter a valid URL',
    });
    expect(firstIssue(schema.safeParse(make({ linkedinProfile: 'linkedin.com/in/jane' })))).toEqual({
      path: 'linkedinProfile',
      message: 'Please enter a valid LinkedIn URL',
    });
  });
});

describe('employeeUpdateSchema', () => {
  it('requires a known role and status', () => {
    expect(employeeUpdateSchema.parse(makeUpdate({ role: 'owner', status: 'inactive' }))).toMatchObject({
      role: 'owner',
      status: 'inactive',
    });
    // The business roles beside a card (issue 41) are known roles; anything else is refused with the Role message.
    for (const role of ['admin', 'billing'] as const) expect(employeeUpdateSchema.parse(makeUpdate({ role })).role).toBe(role);
    const unknownRole = employeeUpdateSchema.safeParse({ ...makeUpdate(), role: 'manager' });
    expect(unknownRole.success).toBe(false);
    expect(unknownRole.error?.issues[0]?.message).toBe(messages.employee.roleInvalid);
    expect(employeeUpdateSchema.safeParse({ ...makeUpdate(), status: 'archived' }).success).toBe(false);
    const { status: _omit, ...withoutStatus } = makeUpdate();
    expect(employeeUpdateSchema.safeParse(withoutStatus).success).toBe(false);
  });

  it('refuses fields the dialog does not have', () => {
    expect(employeeUpdateSchema.safeParse({ ...makeUpdate(), businessId: 'biz_0123456789' }).success).toBe(false);
  });
});

describe('employeeProfileSchema', () => {
  it('refuses a role or status: an employee cannot promote or activate themselves', () => {
    expect(employeeProfileSchema.safeParse({ ...makeProfile(), role: 'owner' }).success).toBe(false);
    expect(employeeProfileSchema.safeParse({ ...makeProfile(), status: 'active' }).success).toBe(false);
  });
});

describe('cardIsActiveFor', () => {
  it('makes a card active only for an active employee', () => {
    expect(employeeStatuses.filter(cardIsActiveFor)).toEqual(['active']);
  });
});
