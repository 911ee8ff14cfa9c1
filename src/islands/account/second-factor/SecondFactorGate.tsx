// /second-factor: where the admin guard sends an admin whose session lacks a second factor.
// Without one, set up an authenticator app (and keep the recovery codes); with one, enter a code
// (or a recovery code) or use a passkey; then on to the page that was asked for.
import { useState, useSyncExternalStore } from 'react';
import { ZReturnTo } from '../../../schemas/auth.ts';
import { pushToast } from '../../../stores/toasts.ts';
import { api, UNEXPECTED } from '../../shared/api.ts';
import { withBoundary } from '../../shared/ErrorBoundary.tsx';
import Toaster from '../../shared/Toaster.tsx';
import { answerWithPasskey, passkeysSupported } from './passkey-browser.ts';
import RecoveryCodes from './RecoveryCodes.tsx';
import SecondStepForm from './SecondStepForm.tsx';
import TotpSetup from './TotpSetup.tsx';

interface Props {
  enrolled: boolean;
  /** Whether the account has a passkey (then this browser may use it, where it can). */
  passkey: boolean;
  returnTo: string;
}

/** Whether the browser supports passkeys does not change while the page is open. */
const noChanges = () => () => undefined;

function SecondFactorGate({ enrolled, passkey, returnTo }: Props) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  // Known only in the browser: the server's render (and hydration) has no button, the browser's
  // next render adds it where passkeys work.
  const supported = useSyncExternalStore(noChanges, passkeysSupported, () => false);
  const canUsePasskey = passkey && supported;
  const goOn = () => window.location.assign(ZReturnTo.parse(returnTo));

  const verify = async (code: string) => {
    const answer = await api('POST', '/api/account/second-factor/verify', { code });
    if (!answer.ok) return answer.body.error ?? UNEXPECTED;
    pushToast({ title: 'Thank you' });
    goOn();
    return null;
  };

  const verifyWithPasskey = async () => {
    setBusy(true);
    try {
      const outcome = await answerWithPasskey(
        '/api/account/second-factor/verify-passkey/options',
        '/api/account/second-factor/verify-passkey',
      );
      if (!outcome.ok) {
        pushToast({ title: 'Passkey', description: outcome.error, variant: 'destructive' });
        return;
      }
      pushToast({ title: 'Thank you' });
      goOn();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-card card">
      <Toaster />
      <h1>{enrolled ? 'Confirm It Is You' : 'Set Up Two-Step Sign-In'}</h1>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={goOn} />
      ) : enrolled ? (
        <SecondStepForm
          button="Continue"
          onCode={verify}
          onPasskey={canUsePasskey ? () => void verifyWithPasskey() : null}
          busy={busy}
        />
      ) : (
        <>
          <p>
            The admin area needs a second step at sign-in. Please set up an authenticator app to continue.
          </p>
          <TotpSetup onConfirmed={(recoveryCodes) => (recoveryCodes ? setCodes(recoveryCodes) : goOn())} />
        </>
      )}
    </div>
  );
}

export default withBoundary(SecondFactorGate);
