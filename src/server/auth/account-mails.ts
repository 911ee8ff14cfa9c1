// The account mails; links point at SITE_URL, never at the request's Host header.
import { siteUrl } from '../config.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { TOKEN_HOURS } from './account-tokens.ts';

export function verificationMail(to: string, token: string): OutgoingMail {
  const link = `${siteUrl()}/auth/verify?token=${token}`;
  return {
    to,
    subject: 'Confirm your e-mail address',
    template: 'email_verification',
    text: `Welcome to Dayton Contractors!\n\nConfirm your e-mail address to finish creating your account:\n${link}\n\nThe link works once and expires in ${TOKEN_HOURS.email_verification} hours. If you did not sign up, ignore this e-mail.`,
  };
}

export function passwordResetMail(to: string, token: string): OutgoingMail {
  return {
    to,
    subject: 'Reset your password',
    template: 'password_reset',
    text: `Someone asked to reset the password of your Dayton Contractors account.\n\nChoose a new password here:\n${siteUrl()}/reset-password?token=${token}\n\nThe link works once and expires in ${TOKEN_HOURS.password_reset} hour. If it was not you, ignore this e-mail: your password stays as it is.`,
  };
}

/** To the new address: the change takes effect once this link is followed. */
export function emailChangeMail(newEmail: string, currentEmail: string, token: string): OutgoingMail {
  return {
    to: newEmail,
    subject: 'Confirm your new e-mail address',
    template: 'email_change',
    text: `Confirm that ${newEmail} is the new e-mail address of your Dayton Contractors account:\n${siteUrl()}/auth/verify?token=${token}\n\nUntil you do, ${currentEmail} stays your address. The link works once and expires in ${TOKEN_HOURS.email_change} hours.`,
  };
}

/** To the old address, once the change took effect. */
export function emailChangedMail(oldEmail: string, newEmail: string): OutgoingMail {
  return {
    to: oldEmail,
    subject: 'Your e-mail address was changed',
    template: 'email_changed',
    text: `The e-mail address of your Dayton Contractors account is now ${newEmail}.\n\nIf you did not ask for this, contact support at once.`,
  };
}
