// The AWS SDK clients and native libraries some requests of an area need, loaded by the first of them (issue 25 §3,
// docs/decisions.md 'Cold starts'). Importing one costs 50–100 ms of a cold start (the runtime's CommonJS SDK is read and
// parsed file by file), so only DynamoDB, which nearly every request uses, is imported at the top of a module.
import { lazy } from '../lib/lazy';

export const s3Sdk = lazy(() => import('@aws-sdk/client-s3'));
export const s3PresignedPostSdk = lazy(() => import('@aws-sdk/s3-presigned-post'));
export const s3RequestPresignerSdk = lazy(() => import('@aws-sdk/s3-request-presigner'));
export const sesSdk = lazy(() => import('@aws-sdk/client-sesv2'));
export const cognitoSdk = lazy(() => import('@aws-sdk/client-cognito-identity-provider'));
export const sqsSdk = lazy(() => import('@aws-sdk/client-sqs'));
export const secretsManagerSdk = lazy(() => import('@aws-sdk/client-secrets-manager'));
export const cloudFrontSdk = lazy(() => import('@aws-sdk/client-cloudfront'));
/** sharp (native; installed beside the bundle, not bundled). */
export const loadSharp = lazy(async () => (await import('sharp')).default);
