// E-mail signature (issue 22 §3): the `emailSignature` area's routes (functions/routes.ts combines every area's).
import { emailSignatureSchema } from '../../shared/schemas/email-signature';
import { defineRoutes } from './define';

export const emailSignatureRoutes = defineRoutes('emailSignature', {
  getEmailSignature: {
    method: 'GET',
    path: '/api/cards/{cardId}/email-signature',
    auth: 'user',
    throttle: 'standard',
    summary:
      "Email Signature: what the signature builder needs for a card (the card's profile and brand, the card URL marked as a signature scan, its QR code as a small long-cached PNG, made on the first call, and the company's field choices and disclaimer); for the card's employee and whoever manages its business",
    response: emailSignatureSchema,
    scoped: true,
  },
});
