// What the account use-cases answer: the spec's messages, word for word.
export const MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  accountExists: 'An account with this email already exists. Please sign in instead.',
  tooManyAttempts: 'Please wait before trying again.',
  notConfirmed: 'Please check your email to verify your account.',
  invalidLink: 'This password reset link is invalid or has expired.',
  invalidVerifyLink: 'This link is invalid or has expired.',
  invalidCurrentPassword: 'Invalid current password',
  emailTaken: 'An account with this email already exists.',
  /** Confirming a new account from a browser that did not sign up (issue 26, pre-hijacking). */
  verifyPasswordNeeded: 'Please enter the password you chose when you signed up.',
  verifyWrongPassword: 'That password is not right. Please try again.',
} as const;
