// What the second-factor steps say to the person at the keyboard, in one place.
export const FACTOR_MESSAGES = {
  wrongCode: 'That code is not right. Please check your app or recovery codes and try again.',
  codeUsed: 'That code was just used. Please wait for the next code in your app.',
  signInExpired: 'This sign-in has expired. Please sign in again with your password.',
  noPendingTotp: 'Please start setting up your authenticator app again.',
  noFactor: 'Please set up a second factor first.',
  adminKeepsFactor: 'An admin account must keep a second factor. Set up a new one before removing this one.',
  passkeyFailed: 'That passkey could not be checked. Please try again.',
  passkeyKnown: 'That passkey is already added.',
  noPasskey: 'This account has no passkey. Please use a code instead.',
  tooManyPasskeys: 'You have the most passkeys an account may keep. Please remove one first.',
  passkeyGone: 'That passkey has already been removed.',
} as const;
