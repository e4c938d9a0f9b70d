// Environment configuration, parsed once at cold start: a missing or malformed variable fails with its name.
import { z } from 'zod';

const envSchema = z.object({
  APP_MODE: z.enum(['aws', 'local']).default('aws'),
  AWS_REGION: z.string().default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  MEDIA_BUCKET: z.string().min(1),
  /** Public base URL of media objects, e.g. https://cards.example.com/media */
  MEDIA_BASE_URL: z.url(),
  /** The origin QR codes and links point at, e.g. https://cards.example.com */
  PUBLIC_ORIGIN: z.url(),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  /** Issuer of Cognito tokens; derived from region + pool in AWS, cognito-local's URL locally. */
  TOKEN_ISSUER: z.url().optional(),
  SES_FROM_ADDRESS: z.string().default('CardCrew <no-reply@cardcrew.local>'),
  SALES_INBOX: z.string().default('sales@cardcrew.local'),
  STRIPE_SECRET_NAME: z.string().optional(),
  GOOGLE_WALLET_SECRET_NAME: z.string().optional(),
  /** Local stand-in endpoints (unset in AWS). */
  DYNAMODB_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  SES_ENDPOINT: z.url().optional(),
  COGNITO_ENDPOINT: z.url().optional(),
  STRIPE_API_BASE: z.url().optional(),
});

export type Config = z.infer<typeof envSchema>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid environment configuration: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests and the local runtime change the environment; this forgets the parsed copy. */
export function resetConfig(): void {
  cached = undefined;
}

export function tokenIssuer(c: Config = config()): string {
  return c.TOKEN_ISSUER ?? `https://cognito-idp.${c.AWS_REGION}.amazonaws.com/${c.USER_POOL_ID}`;
}

/** s3rver checks signatures against its fixed key pair. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Endpoint and credentials for a local stand-in; in AWS (no endpoint) the SDK's default chain applies. */
export function localClientOptions(endpoint: string | undefined, credentials = { accessKeyId: 'local', secretAccessKey: 'local' }) {
  return endpoint ? { endpoint, credentials } : {};
}
