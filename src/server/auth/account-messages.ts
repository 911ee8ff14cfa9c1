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
} as const;
