// The employee onboarding page's copy (spec 1 §5, §8): its own module, so only the onboarding page, the portal's
// profile and download, and the invitations Lambda carry it (not every Lambda and page, as shared/messages.ts is).
import { sessionNotices } from './session';

export const onboardingMessages = {
  loadFailed: 'Could not load employee information.',
  fillRequired: 'Please fill in all required fields.',
  emailMismatch: 'Email must match the employee record. Please use your company email.',
  passwordsMismatch: 'Passwords do not match.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  accountExistsTitle: 'Account exists',
  accountExists: 'An account with this email already exists. Please sign in instead.',
  invalidCredentialsTitle: 'Invalid credentials',
  invalidCredentials: 'Please check your email and password, or try creating an account first.',
  /** Shown with the server's message as the description. */
  authFailedTitle: 'Authentication failed',
  authFailed: 'Authentication failed. Please try again.',
  alreadyLinked: 'This account is already associated with a different employee profile.',
  linkFailed: 'Failed to link account to company. Please try again.',
  createRoleFailed: 'Failed to create user role. Please try again.',
  setupFailed: 'Failed to set up user account. Please try again.',
  employeeDataMissing: 'Employee data not found. Please refresh and try again.',
  signInAgain: 'Please sign in and try again.',
  notLinked: 'Account not properly linked. Please refresh and try again.',
  permissionDenied: "Permission denied. Please ensure you're properly authenticated.",
  updateFailed: 'Failed to update your profile. Please try again.',
  googleFailed: sessionNotices.googleFailed,
  googlePending: 'Please complete the Google sign-in process.',
  accountCreated: 'Account created successfully!',
  signedIn: 'Signed in successfully!',
  profileUpdated: 'Your profile has been updated successfully!',
  cardDownloaded: 'Business card downloaded successfully!',
};
