// The CDK app entry (cdk.json "app"): the CardCrew stacks, checked by cdk-nag's AwsSolutions pack.
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { createCardCrewStacks } from '../cardcrew-app';

const app = new App();
createCardCrewStacks(app, {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
app.synth();
