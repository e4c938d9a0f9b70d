// Every use of cognito-local's private modules (its `lib/` folder, not a public API) is in this file, so an upgrade
// that moves one breaks here, loudly and by name (cognito-internals.test.ts), not deep inside a running product.
// We need them to run cognito-local in-process with our mail delivery, quiet logs and the fixes in cognito.ts.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The private modules and the exports we use from each; the test checks every one of them exists. */
export const cognitoLocalModules = {
  'cognito-local/lib/server/server': ['createServer'],
  'cognito-local/lib/server/Router': ['Router'],
  'cognito-local/lib/server/config': ['loadConfig'],
  'cognito-local/lib/services/dataStore/stormDb': ['StormDBDataStoreFactory'],
  'cognito-local/lib/services/cognitoService': ['CognitoServiceFactoryImpl'],
  'cognito-local/lib/services/userPoolService': ['UserPoolServiceFactoryImpl'],
  'cognito-local/lib/services': ['DateClock', 'TriggersService', 'LambdaService', 'MessagesService'],
  'cognito-local/lib/services/messageDelivery/messageDelivery': ['MessageDeliveryService'],
  'cognito-local/lib/services/messageDelivery/deliveryMethod': ['selectAppropriateDeliveryMethod'],
  'cognito-local/lib/services/tokenGenerator': ['JwtTokenGenerator'],
  'cognito-local/lib/services/crypto': ['CryptoService'],
  'cognito-local/lib/services/otp': ['otp'],
  'cognito-local/lib/errors': ['CognitoError', 'InvalidParameterError', 'NotAuthorizedError', 'UserNotFoundError'],
} as const;

type ModuleName = keyof typeof cognitoLocalModules;
/** cognito-local ships no types for its private modules; the test pins their shape instead. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped private modules, checked by name at load
type Untyped = any;

/** Loads one private module and checks the exports we rely on, naming whatever is missing. */
export function loadCognitoLocalModule(name: ModuleName): Untyped {
  let loaded: Record<string, unknown>;
  try {
    loaded = require(name) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`cognito-local changed: cannot load ${name} (${(error as Error).message})`, { cause: error });
  }
  const missing = cognitoLocalModules[name].filter((exported) => loaded[exported] === undefined);
  if (missing.length) throw new Error(`cognito-local changed: ${name} no longer exports ${missing.join(', ')}`);
  return loaded;
}

/** Every listed export of every listed module, by its export name (the names do not repeat across modules). */
export function cognitoLocalInternals(): Untyped {
  const internals: Record<string, unknown> = {};
  for (const name of Object.keys(cognitoLocalModules) as ModuleName[]) {
    const loaded = loadCognitoLocalModule(name);
    for (const exported of cognitoLocalModules[name]) internals[exported] = loaded[exported];
  }
  return internals;
}
