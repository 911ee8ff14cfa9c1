// Account Settings, Security: the second factor. Set up an authenticator app (with ten recovery
// codes the first time), make new recovery codes, set up a new app, or remove it.
import { useEffect, useState } from 'react';
import { pushError, pushToast } from '../../../stores/toasts.ts';
import { api, UNEXPECTED } from '../../shared/api.ts';
import RecoveryCodes from './RecoveryCodes.tsx';
import TotpSetup from './TotpSetup.tsx';

interface Status {
  totp: boolean;
  recoveryCodesLeft: number;
  sessionProved: boolean;
}

export default function TwoStepSection() {
  const [status, setStatus] = useState<Status | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [replacing, setReplacing] = useState(false);

  const load = () =>
    api<Status>('GET', '/api/account/second-factor').then((answer) => {
      if (answer.ok) setStatus(answer.body);
    });
  useEffect(() => {
    let live = true;
    void api<Status>('GET', '/api/account/second-factor').then((answer) => {
      if (live && answer.ok) setStatus(answer.body);
    });
    return () => {
      live = false;
    };
  }, []);

  const confirmed = (recoveryCodes: string[] | null) => {
    pushToast({
      title: 'Authenticator app set up',
      description: 'You will be asked for a code when you sign in.',
    });
    setReplacing(false);
    setCodes(recoveryCodes);
    void load();
  };

  const newCodes = async () => {
    const answer = await api<{ recoveryCodes: string[] }>(
      'POST',
      '/api/account/second-factor/recovery-codes',
    );
    if (!answer.ok) {
      pushError('Error', answer.body.error ?? UNEXPECTED);
      return;
    }
    setCodes(answer.body.recoveryCodes);
    void load();
  };

  const remove = async () => {
    if (!window.confirm('Remove your authenticator app? Signing in will need only your password.')) return;
    const answer = await api('DELETE', '/api/account/second-factor/totp');
    if (!answer.ok) {
      pushError('Error', answer.body.error ?? UNEXPECTED);
      return;
    }
    pushToast({ title: 'Authenticator app removed' });
    void load();
  };

  return (
    <section aria-labelledby="two-step-title">
      <h2 id="two-step-title">Two-Step Sign-In</h2>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : status === null ? (
        <p>Loading…</p>
      ) : !status.totp ? (
        <>
          <p>
            Protect your account with a second step: after your password, enter a code from an authenticator
            app on your phone.
          </p>
          <TotpSetup onConfirmed={confirmed} />
        </>
      ) : (
        <>
          <p>
            <strong>Authenticator app: on.</strong> {status.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          {replacing ? (
            <TotpSetup onConfirmed={confirmed} startLabel="Show the New QR Code" />
          ) : (
            <div className="factor-actions">
              <button type="button" className="btn secondary" onClick={() => void newCodes()}>
                Make New Recovery Codes
              </button>
              <button type="button" className="btn secondary" onClick={() => setReplacing(true)}>
                Set Up a New App
              </button>
              <button type="button" className="btn secondary" onClick={() => void remove()}>
                Remove Authenticator App
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
