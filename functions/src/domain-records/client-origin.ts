// The origin a white-labelled client's people use: its agency's oldest active custom domain, else the platform's.
// Every link a mail writes for them starts here (invitations, invoices, receipts, reminders), so a link opens the
// product on the domain they know. Read with the plain document client (no ElectroDB), so the payments Lambda, which
// sends receipts and cannot load ElectroDB within its budget, reads it the same way; client-origin.test.ts proves its
// keys are ElectroDB's (entities.ts agencyDomain, customDomain).
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { isItemOf, keyPart } from '../data/key-format';
import { siteConfig } from '../config';
import { originOfDomain } from './domain-origin';

export const domainKeys = {
  /** The agency's domain records (a partition per agency); their sort keys start with this. */
  agencyDomains: (agencyId: string) => ({ pk: keyPart('agencyid', agencyId), skPrefix: '$agencydomain_1#domain_' }),
  customDomain: (domain: string) => ({ pk: keyPart('domain', domain), sk: '$customdomain_1' }),
};

/** The agency's domain names, oldest first. */
async function agencyDomainNames(agencyId: string): Promise<string[]> {
  const { pk, skPrefix } = domainKeys.agencyDomains(agencyId);
  const records: { domain: string; createdAt: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) if (isItemOf(item, 'agencyDomain')) records.push(item as { domain: string; createdAt: string });
    start = page.LastEvaluatedKey;
  } while (start);
  return records.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((record) => record.domain);
}

/** Whether `domain` is active and still the agency's (a removed or re-claimed domain is not). */
async function isActiveDomainOf(agencyId: string, domain: string): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: domainKeys.customDomain(domain), ConsistentRead: true }));
  return isItemOf(Item, 'customDomain') && Item.state === 'active' && Item.agencyId === agencyId;
}

/** The platform's origin, without a trailing slash. */
export function platformOrigin(): string {
  return new URL(siteConfig().PUBLIC_ORIGIN).origin;
}

/** The origin of the agency's oldest active custom domain, or null. */
export async function activeDomainOriginOf(agencyId: string): Promise<string | null> {
  for (const domain of await agencyDomainNames(agencyId)) {
    if (await isActiveDomainOf(agencyId, domain)) return originOfDomain(domain);
  }
  return null;
}

/**
 * Where links in mail to a client's people point: for a white-labelled client (`brand` is its agency's brand), the
 * agency's active domain; for everyone else, and an agency without one, the platform.
 */
export async function siteOriginForBrand(brand: { agencyId: string } | null): Promise<string> {
  return (brand && (await activeDomainOriginOf(brand.agencyId))) ?? platformOrigin();
}
