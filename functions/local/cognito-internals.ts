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

/** All of them, loaded and checked once. */
export function cognitoLocalInternals() {
  const m = (name: ModuleName) => loadCognitoLocalModule(name);
  const services = m('cognito-local/lib/services');
  const errors = m('cognito-local/lib/errors');
  return {
    createServer: m('cognito-local/lib/server/server').createServer,
    Router: m('cognito-local/lib/server/Router').Router,
    loadConfig: m('cognito-local/lib/server/config').loadConfig,
    StormDBDataStoreFactory: m('cognito-local/lib/services/dataStore/stormDb').StormDBDataStoreFactory,
    CognitoServiceFactoryImpl: m('cognito-local/lib/services/cognitoService').CognitoServiceFactoryImpl,
    UserPoolServiceFactoryImpl: m('cognito-local/lib/services/userPoolService').UserPoolServiceFactoryImpl,
    DateClock: services.DateClock,
    TriggersService: services.TriggersService,
    LambdaService: services.LambdaService,
    MessagesService: services.MessagesService,
    MessageDeliveryService: m('cognito-local/lib/services/messageDelivery/messageDelivery').MessageDeliveryService,
    selectAppropriateDeliveryMethod: m('cognito-local/lib/services/messageDelivery/deliveryMethod').selectAppropriateDeliveryMethod,
    JwtTokenGenerator: m('cognito-local/lib/services/tokenGenerator').JwtTokenGenerator,
    CryptoService: m('cognito-local/lib/services/crypto').CryptoService,
    otp: m('cognito-local/lib/services/otp').otp,
    CognitoError: errors.CognitoError,
    InvalidParameterError: errors.InvalidParameterError,
    UserNotFoundError: errors.UserNotFoundError,
    NotAuthorizedError: errors.NotAuthorizedError,
  };
}
