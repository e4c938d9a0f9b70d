// Imported first by the local runtime: hides two SDK notices that say nothing about CardCrew (the AWS SDK v2
// inside cognito-local, and the SDK v3 notice about Node 22 — Lambda runs Node 22; this machine has Node 20).
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
const printWarning = process.listeners('warning');
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (/NodeVersionSupportWarning|end-of-support/i.test(`${warning.name} ${warning.message}`)) return;
  for (const listener of printWarning) listener(warning);
});
