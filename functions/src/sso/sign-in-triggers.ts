// The user pool's pre-authentication and pre-token-generation triggers (issue 24, 'Require SSO'): one Lambda, the
// trigger source says which. A password sign-in of an employee of a business that requires SSO is refused before the
// password is checked; a Google sign-in (hosted UI, not through the business's own provider) is refused before tokens
// are issued. The owner's memberships are 'owner', so the owner is never refused. Locally functions/local/cognito.ts
// calls the same functions in-process.
import type { PreAuthenticationTriggerEvent, PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { parseSsoUserName } from './provider-name';
import { ssoRequiredRefusal } from './sign-in-rules';

/** A hosted-UI sign-in that did not come through a business's SSO provider: Google. */
export function isGoogleTokenGeneration(event: Pick<PreTokenGenerationTriggerEvent, 'triggerSource' | 'userName'>): boolean {
  return event.triggerSource === 'TokenGeneration_HostedAuth' && !parseSsoUserName(event.userName);
}

export async function handler<E extends PreAuthenticationTriggerEvent | PreTokenGenerationTriggerEvent>(event: E): Promise<E> {
  const sub = event.request.userAttributes.sub;
  const checks = event.triggerSource === 'PreAuthentication_Authentication' || isGoogleTokenGeneration(event as PreTokenGenerationTriggerEvent);
  if (checks && sub) {
    const refusal = await ssoRequiredRefusal(sub);
    if (refusal) throw new Error(refusal);
  }
  return event;
}
