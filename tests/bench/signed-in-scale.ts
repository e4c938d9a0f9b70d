// The signed-in pages at scale (issue 25 §1): LCP ≤ 1.5 s for an owner whose business has 2,500 employees, an agency
// with 500 clients, and the admin with 10,000 businesses on the platform. Seeds them in the bench runtime (the table
// through the same repository code as the app, as the dashboard, agency and admin sections do; the two logins through
// the local Cognito, as seed.ts does) and measures each page with Lighthouse signed in (signed-in.ts).
import { AdminCreateUserCommand, AdminGetUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { RunningRuntime } from '../support/local-runtime';
import { measureSignedInPages, type Record } from './signed-in';

export const SCALE = { employees: 2_500, agencyClients: 500, businesses: 10_000 };
/** Issue 25 §1: LCP within 1.5 s at scale (performance is not budgeted there). */
export const SIGNED_IN_SCALE_LCP_MS = 1500;
const PASSWORD = 'Bench1234!';

/** Runs `work(i)` for i in 0..count-1 on `parallel` workers. */
async function inParallel(count: number, parallel: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** A confirmed login in the local pool; returns its sub. */
async function benchLogin(runtime: RunningRuntime, email: string): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({
    region: runtime.env.AWS_REGION ?? 'us-east-1',
    endpoint: `http://127.0.0.1:${runtime.settings.cognitoPort}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const UserPoolId = runtime.ids.userPoolId;
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: PASSWORD, Permanent: true }));
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId, Username: email }));
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`no sub for ${email}`);
  return sub;
}

/** Retries a write that lost a race on the business's counters (the repository answers CONFLICT). */
async function retryConflicts(write: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await write();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'CONFLICT' || attempt > 20) throw error;
    }
  }
}

export async function measureSignedInPagesAtScale(runtime: RunningRuntime, record: Record): Promise<void> {
  Object.assign(process.env, runtime.env);
  const repo = await import('../../functions/src/business/repository');
  const agencies = await import('../../functions/src/agency/repository');
  const { searchFieldsOf } = await import('../../functions/src/business/search-fields');
  const { agencySettingsSchema } = await import('../../shared/schemas/agency');
  const { newId } = await import('../../functions/src/lib/ids');
  const started = performance.now();

  // An owner whose business has 2,500 employees, each with a card.
  const ownerEmail = `scale-owner-${newId()}@bench.example`;
  const ownerId = await benchLogin(runtime, ownerEmail);
  const businessId = newId();
  await repo.createBusinessWithOwner({ businessId, ownerId, ownerEmail, name: 'Scale Co', billingEmail: ownerEmail, billingCity: 'Benchville', billingCountry: 'United States', billingPostalCode: '12345' });
  await inParallel(SCALE.employees, 8, (i) => {
    const employeeId = newId();
    const cardId = newId();
    return retryConflicts(() =>
      repo.createEmployeeWithCard(
        { employeeId, businessId, name: `Scale Person ${i}`, email: `scale-${i}@example.com`, jobTitle: 'Engineer', officePhone: '+1 555 0100', status: 'active' },
        { cardId, employeeId, businessId, isActive: true, profile: { name: `Scale Person ${i}`, jobTitle: 'Engineer', officePhone: '+1 555 0100' }, business: { name: 'Scale Co', isActive: true } },
      ),
    );
  });

  // An agency with 500 clients.
  const agencyEmail = `scale-agency-${newId()}@bench.example`;
  const agencyOwnerId = await benchLogin(runtime, agencyEmail);
  const agencyId = newId();
  await agencies.createAgency({ agencyId, ownerId: agencyOwnerId, ...agencySettingsSchema.parse({ name: 'Scale Agency' }) });
  await inParallel(SCALE.agencyClients, 8, (i) => agencies.createClientBusiness(agencyId, { businessId: newId(), ownerId: agencyOwnerId, name: `Scale Client ${i}` }));

  // 10,000 businesses on the platform for the admin (the demo admin login).
  await inParallel(SCALE.businesses, 16, (i) => {
    const email = `scale-directory-${i}-${newId()}@example.com`;
    const name = `Scale Directory Co ${i}`;
    return repo.createBusinessWithOwner({ businessId: newId(), ownerId: `bench-${newId()}`, ownerEmail: email, name, billingEmail: email, billingCountry: 'United States', ...searchFieldsOf({ name, ownerEmail: email }) });
  });
  record('signed-in at scale: seeding (local)', (performance.now() - started) / 1000, 's', 0, 'info');

  await measureSignedInPages(runtime.origin, record, {
    budget: { lcpMs: SIGNED_IN_SCALE_LCP_MS },
    labelSuffix: 'at scale',
    logins: [
      { email: ownerEmail, password: PASSWORD, pages: [{ label: `owner dashboard, ${SCALE.employees.toLocaleString('en-US')} employees`, path: '/business' }] },
      { email: agencyEmail, password: PASSWORD, pages: [{ label: `agency dashboard, ${SCALE.agencyClients} clients`, path: '/agency' }] },
      {
        email: 'admin@cardcrew.local',
        password: 'Admin1234!',
        pages: ['dashboard', 'businesses'].map((tab) => ({ label: `admin ${tab} tab, ${SCALE.businesses.toLocaleString('en-US')} businesses`, path: `/admin?tab=${tab}` })),
      },
    ],
  });
}
