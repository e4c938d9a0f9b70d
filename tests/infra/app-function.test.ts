// The house AppFunction: synth works before a handler file exists as long as nothing is bundled, and a
// stack that is bundled (i.e. deployed) still refuses a missing handler.
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { AppFunction } from '../../infra/app-function';

const MISSING = 'functions/src/not-written-yet/handler.ts';

describe('AppFunction', () => {
  it('synthesizes placeholder code for a handler that does not exist yet when bundling is skipped', () => {
    const stack = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Test');
    new AppFunction(stack, 'Fn', { entry: MISSING, serviceName: 'test' });
    Template.fromStack(stack).hasResourceProperties('AWS::Lambda::Function', {
      Code: { ZipFile: Match.stringLikeRegexp('placeholder') },
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: 512,
      Timeout: 10,
      TracingConfig: { Mode: 'Active' },
    });
  });

  it('refuses a missing handler when the stack is bundled', () => {
    const stack = new Stack(new App(), 'Test');
    expect(() => new AppFunction(stack, 'Fn', { entry: MISSING, serviceName: 'test' })).toThrow(
      /Cannot find entry file/,
    );
  });

  it('writes its logs only to its own log group, with no AWS-managed policy', () => {
    const stack = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Test');
    new AppFunction(stack, 'Fn', { entry: MISSING, serviceName: 'test', memorySize: 1024 });
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', {
      MemorySize: 1024,
      Environment: { Variables: { POWERTOOLS_SERVICE_NAME: 'cardcrew-test', LOG_LEVEL: 'INFO' } },
    });
    template.hasResourceProperties('AWS::IAM::Role', { ManagedPolicyArns: Match.absent() });
    const [logGroupId] = Object.keys(template.findResources('AWS::Logs::LogGroup'));
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          {
            Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            Effect: 'Allow',
            Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] },
          },
        ]),
      },
    });
    template.hasResourceProperties('AWS::Lambda::Function', { LoggingConfig: { LogGroup: { Ref: logGroupId } } });
  });
});
