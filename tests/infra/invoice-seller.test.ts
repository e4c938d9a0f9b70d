// The seller of record on invoice PDFs comes from the deployment: CDK sets INVOICE_SELLER_* on the function that renders
// invoices (and no other) from context, with defaults from the deployment's own settings, and refuses a bad value.
import { describe, expect, it } from 'vitest';
import { makeApp, resourcesOf, synthCardCrew } from './synth-cardcrew';
import { readDeployConfig } from '../../infra/deploy-config';
import { INVOICE_SELLER_PLACEHOLDER } from '../../functions/src/config';

type Variables = Record<string, unknown>;

/** Each function's environment variables, by logical id. */
function environments(context: Record<string, unknown> = {}): [string, Variables][] {
  return resourcesOf(synthCardCrew({ context }).api, 'AWS::Lambda::Function').map(([id, fn]) => [id, (fn.Properties.Environment as { Variables: Variables } | undefined)?.Variables ?? {}]);
}

const sellerOf = (variables: Variables) => ({ name: variables.INVOICE_SELLER_NAME, address: variables.INVOICE_SELLER_ADDRESS, email: variables.INVOICE_SELLER_EMAIL });

describe('the invoice seller configuration', () => {
  it('sets the context’s seller on the invoice-documents function only', () => {
    const all = environments({ invoiceSellerName: 'CardCrew Technologies GmbH', invoiceSellerAddress: 'Hauptstraße 1|10115 Berlin|Germany', invoiceSellerEmail: 'billing@cardcrew.example' });
    const [renderers, others] = [all.filter(([id]) => id.startsWith('AreainvoiceDocumentsFunction')), all.filter(([id]) => !id.startsWith('AreainvoiceDocumentsFunction'))];
    expect(renderers).toHaveLength(1);
    expect(sellerOf(renderers[0]![1])).toEqual({ name: 'CardCrew Technologies GmbH', address: 'Hauptstraße 1|10115 Berlin|Germany', email: 'billing@cardcrew.example' });
    for (const [id, variables] of others) expect(Object.keys(variables).filter((k) => k.startsWith('INVOICE_SELLER_')), id).toEqual([]);
  });

  it('defaults outside prod to the placeholder company (the functions’ own) and the sales inbox (cdk.json’s sales@example.com)', () => {
    const [, variables] = environments({ invoiceSellerName: undefined, invoiceSellerAddress: undefined }).find(([id]) => id.startsWith('AreainvoiceDocumentsFunction'))!;
    expect(sellerOf(variables)).toEqual({ name: INVOICE_SELLER_PLACEHOLDER.name, address: INVOICE_SELLER_PLACEHOLDER.address, email: 'sales@example.com' });
  });

  it('requires the seller’s name and address for the prod stage', () => {
    expect(() => readDeployConfig(makeApp({ stage: 'prod', invoiceSellerName: undefined, invoiceSellerAddress: undefined }))).toThrow('Context "invoiceSellerName" is required for the prod stage');
    expect(() => readDeployConfig(makeApp({ stage: 'prod', invoiceSellerName: 'CardCrew Technologies GmbH', invoiceSellerAddress: undefined }))).toThrow('Context "invoiceSellerAddress" is required for the prod stage');
    expect(readDeployConfig(makeApp({ stage: 'prod', invoiceSellerName: 'CardCrew Technologies GmbH', invoiceSellerAddress: 'Hauptstraße 1|10115 Berlin' })).invoiceSeller).toEqual({
      name: 'CardCrew Technologies GmbH',
      address: 'Hauptstraße 1|10115 Berlin',
      email: 'sales@example.com',
    });
  });

  it('refuses a seller e-mail that is not an address, and an overlong name, naming the context key', () => {
    expect(() => readDeployConfig(makeApp({ invoiceSellerEmail: 'billing at example' }))).toThrow('Context "invoiceSellerEmail" must be an email address');
    expect(() => readDeployConfig(makeApp({ invoiceSellerName: 'x'.repeat(201) }))).toThrow('Context "invoiceSellerName" must be at most 200 characters');
  });
});
