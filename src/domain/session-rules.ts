// How long a session lasts by role, and how recently its user must have proved who they are
// before a sensitive change (issue 26, Must 2). The one home of these numbers: the session
// lookup, the re-authentication guard, the undo link and the README read them from here.

/** Everyone: 7 days idle (slid on use), 30 days at most. */
export const SESSION_IDLE_DAYS = 7;
export const SESSION_ABSOLUTE_DAYS = 30;

/** An admin: 30 minutes idle, 12 hours at most, applied by role when the session is looked up. */
export const ADMIN_SESSION_IDLE_MINUTES = 30;
export const ADMIN_SESSION_ABSOLUTE_HOURS = 12;

/** A sensitive change needs the password (or a second factor) proven within this many minutes. */
export const REAUTH_MINUTES = 5;

/** The link mailed to the old address after an e-mail change undoes it for this many days. */
export const EMAIL_UNDO_DAYS = 7;

/** The error code of a change refused for want of a recent proof: the islands ask for the password. */
export const REAUTH_REQUIRED = 'REAUTH_REQUIRED';

export const REAUTH_MESSAGES = {
  required: 'For your security, please enter your password again to make this change.',
  wrongPassword: 'That password is not right. Please try again.',
  missingPassword: 'Please enter your password',
} as const;
