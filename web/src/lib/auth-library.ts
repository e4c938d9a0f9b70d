// Everything of Amplify the app calls, in one chunk that load-auth.ts loads on demand (never on a public page's
// first load). Import it only through loadAuth(), which configures Amplify first.
export {
  AuthError,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
} from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';
export { adoptTokens, configureAuth, getIdToken, refreshSessionIfExpiring, signInWithGoogle, signInWithSso, signOutOfCognito } from './auth';
