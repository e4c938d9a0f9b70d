// The edge stack: the WAF web ACL in front of CloudFront. CloudFront only accepts web ACLs created in us-east-1,
// so this stack always deploys there; the web stack (any region) reads its ARN through CDK's cross-region
// references. It holds no data and can be replaced at will.
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { DeployConfig } from './deploy-config';

export interface EdgeStackProps extends StackProps {
  readonly config: DeployConfig;
}

/** Requests per client IP in any 5-minute window before WAF blocks it (AWS counts over a sliding window). */
export const WAF_RATE_LIMIT_PER_5_MINUTES = 2000;

export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { stage } = props.config;
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `cardcrew-${stage}-${metricName}`,
    });
    const managed = (name: string, priority: number): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
      visibilityConfig: visibility(name),
    });

    // No Core Rule Set: its 8 KB body limit and generic XSS/SQLi patterns would block legitimate card text and
    // imports, while every input is already validated by the shared schemas. What WAF adds here is volume control
    // and known-bad sources.
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `cardcrew-${stage}`,
      description: 'CardCrew: per-IP rate limit, Amazon IP reputation list, known bad inputs',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: WAF_RATE_LIMIT_PER_5_MINUTES, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
          visibilityConfig: visibility('rate-limit'),
        },
        managed('AWSManagedRulesAmazonIpReputationList', 1),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 2),
      ],
    });
  }
}
