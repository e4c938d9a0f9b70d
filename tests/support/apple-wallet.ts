// Apple Wallet test helpers (issue 22 §1): the local test root a pass must chain to, the local signer's HMAC key (to
// make an expired link), and an employee linked to a signed-in user (as the invitation flow links one).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localSignerFiles } from '../../functions/src/adapters/apple-wallet-signer';
import { passSecretOf } from '../../functions/src/apple-wallet/pass-tokens';
import { createUser, runtime, tables, type TestUser } from './runtime';

const signerDir = () => join(runtime.dataDir, 'apple-wallet');
export const localRootPem = () => readFileSync(join(signerDir(), localSignerFiles.root), 'utf8');
export const localPassSecret = () => passSecretOf(readFileSync(join(signerDir(), localSignerFiles.signerKey), 'utf8'));

export async function linkedEmployeeUser(businessId: string, employeeId: string): Promise<TestUser> {
  const db = await tables();
  const user = await createUser();
  await db.membership.create({ userId: user.sub, scopeType: 'business', scopeId: businessId, role: 'employee', employeeId }).go();
  await db.profile.create({ userId: user.sub, email: user.email, displayName: 'Wallet Person', accountType: 'employee' }).go();
  return user;
}
