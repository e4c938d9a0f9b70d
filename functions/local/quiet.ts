// Imported first by every local process (start, run-job, bench): silences two SDK notices that say nothing about
// CardCrew — the AWS SDK v2 end-of-support notice (inside cognito-local) and the SDK v3 notice about Node versions
// (Lambda runs Node 22; a developer machine may run Node 20). Both through the SDKs' own switches, which child
// processes (DynamoDB Local, `npm run dev`'s runtime) inherit.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
