// The browser's side of passkeys: @simplewebauthn/browser, loaded only when a passkey is added or
// used (a dynamic import: its own small chunk, never in the Security tab's or sign-in's bundle).
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

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

export async function getPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON | null> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON }).catch(() => null);
}
