// The stacks deploy in one direction — stateful → api → web, operations after api — and the public origin is an input, not a
// reference back to the distribution (which would be a cycle).
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { createCardCrewStacks } from '../../infra/cardcrew-app';
import { PENDING_PUBLIC_ORIGIN } from '../../infra/deploy-config';
import { makeApp, synthCardCrew } from './synth-cardcrew';

describe('the stack graph', () => {
  it('is stateful → api → web, without cycles', () => {
    const { app, stacks } = synthCardCrew();
    const assembly = app.synth();
    const dependencies = (name: string) =>
      assembly
        .getStackByName(name)
        .dependencies.map((d) => d.id)
        .filter((id) => !id.endsWith('.assets'))
        .sort();
    expect(dependencies(stacks.stateful.stackName)).toEqual([]);
    expect(dependencies(stacks.api.stackName)).toEqual([stacks.stateful.stackName]);
    expect(dependencies(stacks.web.stackName)).toEqual([stacks.api.stackName, stacks.stateful.stackName].sort());
    // Operations reads the API and the table and is read by nothing, so it can change without touching the product.
    expect(dependencies(stacks.operations.stackName)).toEqual([stacks.api.stackName, stacks.stateful.stackName].sort());
  });

  it('names stacks by stage', () => {
    const { stacks } = synthCardCrew({ context: { stage: 'prod' } });
    expect([stacks.stateful, stacks.api, stacks.web, stacks.operations].map((s) => s.stackName)).toEqual([
      'CardCrew-prod-Stateful',
      'CardCrew-prod-Api',
      'CardCrew-prod-Web',
      'CardCrew-prod-Ops',
    ]);
    expect(stacks.stateful.terminationProtection).toBe(true);
  });

  it('uses https://{domainName} as the public origin when a custom domain is given', () => {
    const { api } = synthCardCrew({
      context: {
        domainName: 'cards.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      },
    });
    // The business area both links to the site and serves media.
    const env = Object.values(api.findResources('AWS::Lambda::Function')).find((fn) => fn.Properties.Environment.Variables.MEDIA_BASE_URL)?.Properties.Environment.Variables;
    expect(env).toMatchObject({
      PUBLIC_ORIGIN: 'https://cards.example.com',
      MEDIA_BASE_URL: 'https://cards.example.com/media',
    });
  });

  it('uses an unresolvable stand-in origin (and says so) until the first deploy has printed the real one', () => {
    const app = makeApp({ publicOrigin: undefined });
    const stacks = createCardCrewStacks(app);
    const warnings = stacks.web.node.metadata.filter((m) => m.type === 'aws:cdk:warning').map((m) => String(m.data));
    expect(warnings.some((w) => w.includes('publicOrigin'))).toBe(true);
    const origins = Object.values(Template.fromStack(stacks.api).findResources('AWS::Lambda::Function'))
      .map((fn) => fn.Properties.Environment.Variables.PUBLIC_ORIGIN)
      .filter((origin) => origin !== undefined);
    // Every function that links to the site (card page, public, business) gets the stand-in.
    expect(origins.length).toBeGreaterThanOrEqual(3);
    for (const origin of origins) expect(origin).toBe(PENDING_PUBLIC_ORIGIN);
    expect(PENDING_PUBLIC_ORIGIN).toMatch(/\.invalid$/);
  });

  it('rejects a malformed deployment parameter with its name', () => {
    expect(() => createCardCrewStacks(makeApp({ publicOrigin: 'http://insecure.example.com' }))).toThrow(
      /publicOrigin/,
    );
    expect(() => createCardCrewStacks(makeApp({ domainName: 'cards.example.com', certificateArn: undefined }))).toThrow(
      /certificateArn/,
    );
    expect(() => createCardCrewStacks(makeApp({ sesFromAddress: 'not-an-email' }))).toThrow(/sesFromAddress/);
    expect(() => createCardCrewStacks(makeApp({ stage: 'Prod!' }))).toThrow(/stage/);
  });
});
