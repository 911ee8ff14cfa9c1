// The browser's side of passkeys: @simplewebauthn/browser, loaded only when a passkey is added or
// used (a dynamic import: its own small chunk, never in the Security tab's or sign-in's bundle).
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { api, UNEXPECTED } from '../../shared/api.ts';

/** What the person is told when the browser's passkey dialog ends without a passkey. */
export const PASSKEY_CANCELLED = 'No passkey was used. Please try again, or use a code.';

export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

export async function createPasskey(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON | null> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON }).catch(() => null);
}

async function getPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON | null> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON }).catch(() => null);
}

/** How a passkey ceremony ended: the server's answer, or where it stopped and what to say. */
export type PasskeyOutcome<T> =
  { ok: true; body: T } | { ok: false; stage: 'options' | 'cancelled' | 'answer'; error: string };

/**
 * One use of a passkey against the server: a challenge from `optionsPath`, the browser's passkey
 * dialog, and its answer sent to `answerPath` as {response}.
 */
export async function answerWithPasskey<T>(
  optionsPath: string,
  answerPath: string,
): Promise<PasskeyOutcome<T>> {
  const options = await api('POST', optionsPath);
  if (!options.ok) return { ok: false, stage: 'options', error: options.body.error ?? UNEXPECTED };
  // The server's options, passed through as they came.
  const response = await getPasskey(options.body as never);
  if (!response) return { ok: false, stage: 'cancelled', error: PASSKEY_CANCELLED };
  const answer = await api<T>('POST', answerPath, { response });
  return answer.ok
    ? { ok: true, body: answer.body }
    : { ok: false, stage: 'answer', error: answer.body.error ?? UNEXPECTED };
}
