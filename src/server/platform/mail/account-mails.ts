// The account mails, in the mail layout; links point at SITE_URL, never at the request's Host
// header.
import { EMAIL_UNDO_DAYS } from '../../../domain/session-rules.ts';
import { siteUrl } from '../config/site.ts';
import { layoutMail } from './layout.tsx';
import type { OutgoingMail } from './outbox.ts';
import { TOKEN_HOURS } from '../../../domain/account-rules.ts';

export function verificationMail(to: string, token: string): OutgoingMail {
  return layoutMail({
    to,
    subject: 'Confirm your e-mail address',
    heading: 'Confirm your e-mail address',
    paragraphs: [
      'Welcome to Dayton Contractors!',
      'Confirm your e-mail address to finish creating your account.',
    ],
    action: { label: 'Confirm my e-mail', url: `${siteUrl()}/auth/verify?token=${token}` },
    note: [
      `The link works once and expires in ${TOKEN_HOURS.email_verification} hours. If you did not sign up, ignore this e-mail.`,
    ],
    reason: 'someone signed up on Dayton Contractors with this address',
    template: 'email_verification',
  });
}

export function passwordResetMail(to: string, token: string): OutgoingMail {
  return layoutMail({
    to,
    subject: 'Reset your password',
    heading: 'Reset your password',
    paragraphs: ['Someone asked to reset the password of your Dayton Contractors account.'],
    action: {
      label: 'Reset your password',
      url: `${siteUrl()}/reset-password?token=${token}`,
      text: 'Choose a new password here',
    },
    note: [
      `The link works once and expires in ${TOKEN_HOURS.password_reset} hour. If it was not you, ignore this e-mail: your password stays as it is.`,
    ],
    reason: 'you have an account on Dayton Contractors',
    template: 'password_reset',
  });
}

/** To the new address: the change takes effect once this link is followed. */
export function emailChangeMail(newEmail: string, currentEmail: string, token: string): OutgoingMail {
  return layoutMail({
    to: newEmail,
    subject: 'Confirm your new e-mail address',
    heading: 'Confirm your new e-mail address',
    paragraphs: [`Confirm that ${newEmail} is the new e-mail address of your Dayton Contractors account.`],
    action: { label: 'Confirm my new address', url: `${siteUrl()}/auth/verify?token=${token}` },
    note: [
      `Until you do, ${currentEmail} stays your address. The link works once and expires in ${TOKEN_HOURS.email_change} hours.`,
    ],
    reason: 'someone asked to make this the address of a Dayton Contractors account',
    template: 'email_change',
  });
}

/**
 * To the old address, once the change took effect: its one button undoes the change for
 * EMAIL_UNDO_DAYS (src/server/accounts/auth/undo-email-change.ts).
 */
export function emailChangedMail(oldEmail: string, newEmail: string, undoToken: string): OutgoingMail {
  return layoutMail({
    to: oldEmail,
    subject: 'Your e-mail address was changed',
    heading: 'Your e-mail address was changed',
    paragraphs: [
      `The e-mail address of your Dayton Contractors account is now ${newEmail}.`,
      'Every other browser signed in to your account has been signed out.',
      'If you did not ask for this, undo the change: your account gets this address back, everyone signed in to it is signed out, and you choose a new password.',
    ],
    action: {
      label: 'Undo this change',
      url: `${siteUrl()}/auth/undo-email?token=${undoToken}`,
      text: 'Undo this change here',
    },
    note: [
      `The link works once, for ${EMAIL_UNDO_DAYS} days. If you made this change yourself, you need not do anything.`,
    ],
    reason: 'this was the address of your Dayton Contractors account',
    template: 'email_changed',
  });
}
