// Idempotent seed data for the local runtime: plans, an admin, a demo business with employees and cards,
// an agency with one client business. Fixed ids make every step a no-op when it already happened.
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { db } from '../src/data/entities';
import { cardBusinessOf, cardProfileOf } from '../src/business/card-snapshot';
import { createEmployeeWithCard, getBusiness, getCard } from '../src/business/repository';
import { storeCardQr } from '../src/business/generate-card-qr';
import { cardIsActiveFor, type EmployeeCreate } from '../../shared/schemas/employee';
import { compact } from '../src/lib/values';
import { searchFieldsOf } from '../src/business/search-fields';
import { syncManagingAgency } from '../src/agency/backfill-managing-agency';
import { backfillDepartmentsOfBusiness } from '../src/business/backfill-departments';

export const demoLogins = [
  { role: 'Admin', email: 'admin@cardcrew.local', password: 'Admin1234!' },
  { role: 'Business owner (Acme Studio)', email: 'owner@acme.example', password: 'Demo1234!' },
  { role: 'Employee (Acme Studio)', email: 'jane@acme.example', password: 'Demo1234!' },
  { role: 'Agency (Bright Agency)', email: 'agency@bright.example', password: 'Demo1234!' },
  { role: 'Business owner (Northwind Bakery, a white-labelled client of Bright Agency)', email: 'owner@northwind.example', password: 'Demo1234!' },
] as const;

const plans = [
  { planId: 'plan-business-starter', name: 'Starter', priceCents: 199, currency: 'USD', period: 'month', userRange: '1-20 users', isPopular: false, planType: 'business', description: 'For small teams getting started', features: ['Digital business cards', 'QR code sharing', 'Contact download'] },
  { planId: 'plan-business-growth', name: 'Professional', priceCents: 149, currency: 'USD', period: 'month', userRange: '21-200 users', isPopular: true, planType: 'business', description: 'For growing companies', features: ['Everything in Starter', 'Custom branding', 'Team management'] },
  { planId: 'plan-business-scale', name: 'Enterprise', priceCents: 99, currency: 'USD', period: 'month', userRange: '200+ users', isPopular: false, planType: 'business', description: 'For large organisations', features: ['Everything in Professional', 'Priority support', 'Volume billing'] },
  { planId: 'plan-agency-partner', name: 'Agency Partner', priceCents: 0, currency: 'USD', period: 'month', userRange: 'Unlimited clients', isPopular: false, planType: 'agency', description: 'Manage all your clients in one place', features: ['Multiple businesses', 'Consolidated billing', 'White-label options', 'Volume discounts'] },
] as const;

async function ensureUser(cognito: CognitoIdentityProviderClient, userPoolId: string, email: string, password: string, groups: string[]) {
  try {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
    for (const group of groups) await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: group }));
  } catch (error) {
    if ((error as Error).name !== 'UsernameExistsException') throw error;
  }
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`seed: no sub for ${email}`);
  return sub;
}

async function createIfMissing(write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    const text = `${(error as Error).message} ${(error as { cause?: Error }).cause?.name ?? ''}`;
    if (!/conditional|ConditionalCheckFailed/i.test(text)) throw error;
  }
}

type SeedBusiness = { businessId: string; ownerId: string; ownerEmail: string; name: string; billingEmail: string; industry: string; website: string; description: string; primaryColor: string; secondaryColor: string; accentColor: string } & Partial<Record<'whiteLabelAgencyId' | 'whiteLabelName' | 'whiteLabelSupportEmail' | 'whiteLabelSupportUrl' | 'whiteLabelPrimaryColor' | 'whiteLabelSecondaryColor' | 'whiteLabelAccentColor', string>>;

/** A business, its billing-email guard and (for an owner's own business) its owner guard; `ownerMembership` false for an agency's client (access via the agency link). */
async function seedBusiness(business: SeedBusiness, ownerMembership = true) {
  const e = db();
  await createIfMissing(() =>
    e.service.transaction
      .write(({ business: b, billingEmailGuard, businessOwnerGuard, membership, businessScanTotal }) => [
        b.create({ ...business, ...searchFieldsOf(business), billingCity: 'Portland', billingCountry: 'United States', billingPostalCode: '97201' }).commit(),
        businessScanTotal.create({ businessId: business.businessId, scanCount: 0 }).commit(),
        billingEmailGuard.create({ billingEmail: business.billingEmail, businessId: business.businessId }).commit(),
        ...(ownerMembership
          ? [
              businessOwnerGuard.put({ ownerId: business.ownerId, businessId: business.businessId }).commit(),
              membership.put({ userId: business.ownerId, scopeType: 'business', scopeId: business.businessId, role: 'owner' }).commit(),
            ]
          : []),
      ])
      .go()
      .then((r) => {
        if (r.canceled) throw new Error('conditional: business exists');
      }),
  );
}

async function seedEmployee(businessId: string, employeeId: string, cardId: string, input: EmployeeCreate) {
  if (await getCard(cardId)) return;
  const business = (await getBusiness(businessId))!;
  const fields = compact(input);
  await createEmployeeWithCard(
    { ...fields, employeeId, businessId },
    { cardId, employeeId, businessId, isActive: cardIsActiveFor(input.status), profile: cardProfileOf(fields), business: cardBusinessOf(business) },
  );
  await storeCardQr({ cardId, businessId });
}

const employee = (e: Partial<EmployeeCreate> & Pick<EmployeeCreate, 'name' | 'email'>): EmployeeCreate => ({
  phone: null,
  officePhone: null,
  mobilePhone: null,
  jobTitle: null,
  department: null,
  linkedinProfile: null,
  role: 'employee',
  status: 'active',
  ...e,
});

export async function seed(cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  const e = db();
  for (const plan of plans) await createIfMissing(() => e.plan.create({ ...plan, features: [...plan.features] }).go());

  const [adminId, ownerId, janeId, agencyOwnerId, northwindOwnerId] = await Promise.all(
    demoLogins.map((l, i) => ensureUser(cognito, userPoolId, l.email, l.password, i === 0 ? ['admin'] : i === 1 || i === 4 ? ['owner'] : i === 2 ? ['employee'] : [])),
  );
  await createIfMissing(() => e.profile.create({ userId: adminId!, email: demoLogins[0].email, displayName: 'Platform Admin', accountType: 'admin' }).go());
  await createIfMissing(() => e.profile.create({ userId: ownerId!, email: demoLogins[1].email, displayName: 'Olivia Owner', accountType: 'business' }).go());
  await createIfMissing(() => e.profile.create({ userId: janeId!, email: demoLogins[2].email, displayName: 'Jane Cooper', accountType: 'employee' }).go());
  await createIfMissing(() => e.profile.create({ userId: agencyOwnerId!, email: demoLogins[3].email, displayName: 'Alex Agency', accountType: 'agency' }).go());
  await createIfMissing(() => e.profile.create({ userId: northwindOwnerId!, email: demoLogins[4].email, displayName: 'Nora North', accountType: 'business' }).go());

  const acme = 'demo-business-acme';
  await seedBusiness({ businessId: acme, ownerId: ownerId!, ownerEmail: demoLogins[1].email, name: 'Acme Studio', billingEmail: 'billing@acme.example', industry: 'Design', website: 'https://acme.example', description: 'Brand and product design studio', primaryColor: '#7C3AED', secondaryColor: '#4C1D95', accentColor: '#F59E0B' });
  await seedEmployee(acme, 'demo-employee-jane', 'demo-card-jane-cooper', employee({ name: 'Jane Cooper', email: 'jane@acme.example', officePhone: '+1 503 555 0101', mobilePhone: '+1 503 555 0199', jobTitle: 'Design Lead', department: 'Design', linkedinProfile: 'https://www.linkedin.com/in/jane-cooper' }));
  await seedEmployee(acme, 'demo-employee-marcus', 'demo-card-marcus-lee', employee({ name: 'Marcus Lee', email: 'marcus@acme.example', mobilePhone: '+1 503 555 0142', jobTitle: 'Product Designer', department: 'Design' }));
  await seedEmployee(acme, 'demo-employee-priya', 'demo-card-priya-shah', employee({ name: 'Priya Shah', email: 'priya@acme.example', jobTitle: 'Studio Intern', status: 'draft' }));
  await createIfMissing(() => e.membership.create({ userId: janeId!, scopeType: 'business', scopeId: acme, role: 'employee', employeeId: 'demo-employee-jane' }).go());
  // Departments are records (Company Settings → Departments): Design, from the profiles above. The backfill adds only
  // what is missing, so a data folder seeded before departments were records gets them too.
  await backfillDepartmentsOfBusiness(acme);

  const agencyId = 'demo-agency-bright';
  // White-label on (issue 21): Northwind Bakery's people hear from Bright Agency, not CardCrew.
  await createIfMissing(() =>
    e.agency.create({ agencyId, ownerId: agencyOwnerId!, name: 'Bright Agency', industry: 'Marketing', email: 'hello@bright.example', primaryColor: '#7C3AED', secondaryColor: '#4C1D95', accentColor: '#F59E0B', whiteLabel: true, supportEmail: 'support@bright.example', supportUrl: 'https://bright.example/support' }).go(),
  );
  await createIfMissing(() => e.membership.create({ userId: agencyOwnerId!, scopeType: 'agency', scopeId: agencyId, role: 'owner' }).go());
  const bakery = 'demo-business-northwind';
  await seedBusiness({ businessId: bakery, ownerId: agencyOwnerId!, ownerEmail: demoLogins[3].email, name: 'Northwind Bakery', billingEmail: 'billing@northwind.example', industry: 'Food & Beverage', website: 'https://northwind.example', description: 'Neighbourhood bakery and café', primaryColor: '#B45309', secondaryColor: '#78350F', accentColor: '#10B981', whiteLabelAgencyId: agencyId, whiteLabelName: 'Bright Agency', whiteLabelSupportEmail: 'support@bright.example', whiteLabelSupportUrl: 'https://bright.example/support', whiteLabelPrimaryColor: '#7C3AED', whiteLabelSecondaryColor: '#4C1D95', whiteLabelAccentColor: '#F59E0B' }, false);
  // Billed to Bright Agency (issue 20 §1): Generate monthly invoices makes the agency one invoice listing Northwind Bakery.
  await createIfMissing(() => e.agencyClient.create({ agencyId, businessId: bakery, billedTo: 'agency' }).go());
  // The bakery's copy of its managing agency (what the admin businesses tab shows), also on a data folder seeded before it.
  await syncManagingAgency(bakery);
  // Northwind's own owner (as an accepted Owner invitation makes one): sees the client's dashboard in Bright's brand.
  await createIfMissing(() => e.membership.create({ userId: northwindOwnerId!, scopeType: 'business', scopeId: bakery, role: 'owner' }).go());
  await seedEmployee(bakery, 'demo-employee-sam', 'demo-card-sam-baker', employee({ name: 'Sam Baker', email: 'sam@northwind.example', officePhone: '+1 206 555 0110', jobTitle: 'Head Baker' }));
  await backfillDepartmentsOfBusiness(bakery);
  await seedCustomDomain(agencyId, 'cards.bright.localhost');
}

/**
 * Bright Agency's custom domain (issue 21 §2), active: a tenant in the CloudFront stand-in and the two items Add
 * writes. Seeded after Northwind's cards, so their QR codes keep the platform URL (as any QR code made before a domain).
 */
async function seedCustomDomain(agencyId: string, domain: string) {
  const e = db();
  if ((await e.customDomain.get({ domain }).go()).data) return;
  const { createTenant } = await import('../src/adapters/cloudfront-tenants');
  const tenant = await createTenant(`cardcrew-seed-${agencyId}`, domain);
  const domainId = 'demo-domain-bright';
  await e.service.transaction
    .write(({ customDomain, agencyDomain }) => [
      customDomain.create({ domain, domainId, agencyId, tenantId: tenant.id, state: 'active', checkedAt: new Date().toISOString() }).commit(),
      agencyDomain.create({ agencyId, domain, domainId }).commit(),
    ])
    .go();
}
