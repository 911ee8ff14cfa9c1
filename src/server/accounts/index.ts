// The accounts area's front door: what the pages and the other areas may call. Accounts are who
// signs in and how (auth: passwords, sessions' use-cases, the second factor, tokens mailed), a
// contractor's sign-up and listing claims (registration, claims) and the business a contractor
// runs (contractor: its profile, photos, away periods and spend caps). Below it: platform only.
export { changePassword } from './auth/change-password.ts';
export { confirmEmailToken, verificationNeedsPassword } from './auth/confirm-email-token.ts';
export { getProfile } from './auth/get-profile.ts';
export { joinVerifiedRequests } from './auth/join-verified-requests.ts';
export { reauthenticate } from './auth/reauthenticate.ts';
export { requestAccountDeletion } from './auth/request-account-deletion.ts';
export { requestPasswordReset, resetPassword, resetTokenOwner } from './auth/reset-password.ts';
export { savePreferences } from './auth/save-preferences.ts';
export { addPasskey } from './auth/second-factor/add-passkey.ts';
export { answerSecondStep } from './auth/second-factor/answer-second-step.ts';
export { confirmTotpEnrolment, startTotpEnrolment } from './auth/second-factor/enrol-totp.ts';
export { factorStatus } from './auth/second-factor/factor-status.ts';
export { pendingPasskeyOptions } from './auth/second-factor/finish-sign-in.ts';
export { FACTOR_MESSAGES } from './auth/second-factor/messages.ts';
export { passkeyRegistrationOptions, relyingPartyOf } from './auth/second-factor/passkeys.ts';
export {
  provePasskey,
  provePasskeyOptions,
  proveSecondFactor,
} from './auth/second-factor/prove-second-factor.ts';
export { replaceRecoveryCodes } from './auth/second-factor/recovery-codes.ts';
export { removeSecondFactor } from './auth/second-factor/remove-factor.ts';
export { requireProvedSession } from './auth/second-factor/require-proved-session.ts';
export { signIn } from './auth/sign-in.ts';
export { signUp } from './auth/sign-up.ts';
export {
  clearSignupBrowserCookie,
  setSignupBrowserCookie,
  signupBrowserFor,
  signupBrowserOf,
} from './auth/signup-browser-cookie.ts';
export { undoEmailChange, type UndoneEmailChange } from './auth/undo-email-change.ts';
export { updateProfile } from './auth/update-profile.ts';
export { checkClaimCode } from './claims/check-claim-code.ts';
export { claimAccessOf, setClaimProofCookie } from './claims/claim-proof-cookie.ts';
export { claimProofState } from './claims/claim-proof-state.ts';
export { findProofClaim, toConfirmation } from './claims/find-proof-claim.ts';
export { sendClaimCode } from './claims/send-claim-code.ts';
export { endAway, readAway, setAway } from './contractor/away.ts';
export {
  deleteBusinessPhoto,
  discardBusinessImage,
  storeBusinessImage,
  uploadBusinessPhoto,
} from './contractor/business-photos.ts';
export { getBusinessProfile } from './contractor/get-business-profile.ts';
export {
  ownedBusiness,
  requireActiveBusiness,
  requireActiveOwner,
  requireOwnedBusiness,
  type OwnedBusiness,
} from './contractor/owned-business.ts';
export { ownerSince } from './contractor/owner-since.ts';
export { reserveDistribution, reserveDistributionIn } from './contractor/spend-caps.ts';
export { getSpendLimits, updateSpendLimits } from './contractor/spend-limits.ts';
export { updateBusinessProfile } from './contractor/update-business-profile.ts';
export { findPendingClaim } from './registration/find-pending-claim.ts';
export { placePrefill } from './registration/place-prefill.ts';
export { registerContractor } from './registration/register-contractor.ts';
export { limitSignupSearches, searchSignupBusinesses } from './registration/search-signup-businesses.ts';
export { NO_BUSINESS_MESSAGE } from './accounts-rules.ts';
