// cdk-nag's AwsSolutions pack finds nothing unacknowledged, and every acknowledgement carries a real reason.
// cdk-nag 3 reports through CDK's validation-plugin API (not annotations): `validateScope` returns the findings,
// and a synth with the plugin registered fails on any of them — both are checked, in the configurations that
// change the resources (default, custom domain + Google + wallet, a concrete account/region like the CLI uses).
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { createCardCrewStacks } from '../../infra/cardcrew-app';
import { makeApp } from './synth-cardcrew';

const configurations: [string, Record<string, unknown>, { account: string; region: string } | undefined][] = [
  ['default (environment-agnostic)', {}, undefined],
  [
    'custom domain, Google sign-in and wallet passes',
    {
      domainName: 'cards.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      googleClientId: 'client-123.apps.googleusercontent.com',
      googleWalletSecretName: 'cardcrew/dev/wallet',
    },
    undefined,
  ],
  [
    'a concrete account and region (as `cdk synth` with credentials)',
    {},
    { account: '123456789012', region: 'eu-west-1' },
  ],
];

function findingsOf(app: App) {
  return new AwsSolutionsChecks(app).validateScope(app).violations.map((v) => ({
    rule: v.ruleName,
    severity: v.severity,
    resources: v.violatingResources.map((r) => r.constructPath),
  }));
}

describe.each(configurations)('cdk-nag AwsSolutions — %s', (_name, context, env) => {
  it('reports no unacknowledged error or warning on the construct tree', () => {
    const app = makeApp(context);
    createCardCrewStacks(app, { env });
    const findings = findingsOf(app);
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(findings).toEqual([]);
  });

  it('lets a full synth pass with the pack registered (cross-stack references resolved)', () => {
    const app = makeApp(context);
    createCardCrewStacks(app, { env });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).not.toThrow();
  });
});

describe('acknowledgements', () => {
  it('each name one rule (or one finding of it) and give a specific reason', () => {
    const app = makeApp({ googleClientId: 'client-123.apps.googleusercontent.com' });
    createCardCrewStacks(app);
    const acknowledged: [string, string, string][] = [];
    for (const construct of app.node.findAll()) {
      for (const entry of construct.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        for (const [id, reason] of Object.entries(entry.data as Record<string, string>))
          acknowledged.push([construct.node.path, id, reason]);
      }
    }
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const [path, id, reason] of acknowledged) {
      if (!/AwsSolutions-/.test(id)) continue;
      // A granular rule (IAM4/IAM5) is acknowledged per finding, never wholesale.
      if (/AwsSolutions-IAM[45]/.test(id))
        expect(id, path).toMatch(/AwsSolutions-IAM[45]\[(Resource|Action|Policy)::.+\]$/);
      expect(reason.length, `${path} ${id}`).toBeGreaterThan(40);
    }
  });
});
