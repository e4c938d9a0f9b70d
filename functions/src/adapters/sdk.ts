// The AWS SDK clients some requests of an area need, loaded by the first of them (issue 25 §3, docs/decisions.md
// 'Cold starts'). Importing one costs 50–100 ms of a cold start (the runtime's CommonJS SDK is read and parsed file by
// file), so only DynamoDB, which nearly every request uses, is imported at the top of a module. Marked pure so that a
// bundle keeps only the loaders its code calls.
import { lazy } from '../lib/lazy';

export const s3Sdk = /* @__PURE__ */ lazy(() => import('@aws-sdk/client-s3'));
export const s3PresignedPostSdk = /* @__PURE__ */ lazy(() => import('@aws-sdk/s3-presigned-post'));
export const s3RequestPresignerSdk = /* @__PURE__ */ lazy(() => import('@aws-sdk/s3-request-presigner'));
export const sesSdk = /* @__PURE__ */ lazy(() => import('@aws-sdk/client-sesv2'));
export const cognitoSdk = /* @__PURE__ */ lazy(() => import('@aws-sdk/client-cognito-identity-provider'));
export const sqsSdk = /* @__PURE__ */ lazy(() => import('@aws-sdk/client-sqs'));
export const secretsManagerSdk = /* @__PURE__ */ lazy(() => import('@aws-sdk/client-secrets-manager'));
export const cloudFrontSdk = /* @__PURE__ */ lazy(() => import('@aws-sdk/client-cloudfront'));
