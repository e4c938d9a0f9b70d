// Synthesizes the CardCrew stacks in-process for the infra tests: the same context as `cdk synth` (cdk.json,
// incl. its feature flags) plus the test's overrides, with Lambda bundling skipped (fast, and independent of
// whether the handler files exist yet). A synth takes seconds and most files ask for the same few configurations,
// so each configuration is synthesized once per test worker and shared (the infra project runs its files without
// module isolation, vitest.config.ts); a test that needs a synth of its own (determinism) asks for a fresh one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type Environment } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { REPO_ROOT } from '../../infra/app-function';
import { createCardCrewStacks, type CardCrewStacks } from '../../infra/cardcrew-app';

export const TEST_ORIGIN = 'https://d111111abcdef8.cloudfront.net';
/** The seller of record every synth names (the prod stage requires one; tests/infra/invoice-seller.test.ts unsets it). */
export const TEST_INVOICE_SELLER = { invoiceSellerName: 'CardCrew Test Seller Ltd', invoiceSellerAddress: '1 Test Street|Testville' };

const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };

export interface SynthOptions {
  context?: Record<string, unknown>;
  env?: Environment;
  webDistPath?: string;
}

export interface SynthResult {
  app: App;
  stacks: CardCrewStacks;
  stateful: Template;
  api: Template;
  web: Template;
  operations: Template;
}

/** An App with cdk.json's context, a known public origin, the overrides, and bundling skipped. */
export function makeApp(context: Record<string, unknown> = {}): App {
  return new App({
    context: { ...cdkJson.context, publicOrigin: TEST_ORIGIN, ...TEST_INVOICE_SELLER, ...context, 'aws:cdk:bundling-stacks': [] },
  });
}

const synths = new Map<string, SynthResult>();

/** The stacks and templates of one configuration, shared by every test that asks for the same options (read-only). */
export function synthCardCrew(options: SynthOptions = {}): SynthResult {
  const key = JSON.stringify(options);
  let synth = synths.get(key);
  if (!synth) synths.set(key, (synth = freshSynthCardCrew(options)));
  return synth;
}

/** A synth of its own, never shared: for a test that compares two synths of one configuration. */
export function freshSynthCardCrew(options: SynthOptions = {}): SynthResult {
  const app = makeApp(options.context);
  const stacks = createCardCrewStacks(app, { env: options.env, webDistPath: options.webDistPath });
  return {
    app,
    stacks,
    stateful: Template.fromStack(stacks.stateful),
    api: Template.fromStack(stacks.api),
    web: Template.fromStack(stacks.web),
    operations: Template.fromStack(stacks.operations),
  };
}

/** Resources of one type in a template, as [logicalId, resource] pairs. */
export function resourcesOf(template: Template, type: string): [string, { Properties: Record<string, unknown> }][] {
  return Object.entries(template.findResources(type)) as [string, { Properties: Record<string, unknown> }][];
}
