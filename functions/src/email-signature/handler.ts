// The `emailSignature` area Lambda (issue 22 §3): the data of a card's e-mail signature and its QR image. Its own
// function so that it may write only under signature-qr/ in the media bucket and read only items by key.
import { httpHandler } from '../http/http-handler';
import { emailSignatureRoutes } from '../../routes/email-signature';
import { getEmailSignature } from './get-email-signature';

export const handler = httpHandler(emailSignatureRoutes, {
  getEmailSignature: async ({ caller, params }) => getEmailSignature(caller, params.cardId),
});
