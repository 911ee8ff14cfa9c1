// Account Settings, Security: the second factor. An authenticator app (set up, set up anew,
// remove), passkeys (added, listed, removed) and the recovery codes the first factor brings
// (made again on request, shown once).
import { useState } from 'react';
import { pushError, pushToast } from '../../../stores/toasts.ts';
import { api, UNEXPECTED } from '../../shared/api.ts';
import { useRead } from '../../shared/query.tsx';
import { useReauth } from '../../shared/reauth.tsx';
import PasskeyList, { type PasskeyRow } from './PasskeyList.tsx';
import RecoveryCodes from './RecoveryCodes.tsx';
import TotpSetup from './TotpSetup.tsx';

interface Status {
  totp: boolean;
  passkeys: PasskeyRow[];
  recoveryCodesLeft: number;
  sessionProved: boolean;
}

export default function TwoStepSection() {
  const [read] = useRead<Status>('/api/account/second-factor');
  const status = read.data ?? null;
  const [codes, setCodes] = useState<string[] | null>(null);
  const [replacing, setReplacing] = useState(false);
  const reauth = useReauth();

  const load = () => read.refetch();

  const changed = (recoveryCodes: string[] | null) => {
    setReplacing(false);
    setCodes(recoveryCodes);
    void load();
  };

  const confirmed = (recoveryCodes: string[] | null) => {
    pushToast({
      title: 'Authenticator app set up',
      description: 'You will be asked for a code when you sign in.',
    });
    changed(recoveryCodes);
  };

  const newCodes = async () => {
    const answer = await reauth.guarded(() =>
      api<{ recoveryCodes: string[] }>('POST', '/api/account/second-factor/recovery-codes'),
    );
    if (!answer.ok) {
      pushError('Error', answer.body.error ?? UNEXPECTED);
      return;
    }
    setCodes(answer.body.recoveryCodes);
    void load();
  };

  const removeApp = async () => {
    if (!window.confirm('Remove your authenticator app?')) return;
    const answer = await reauth.guarded(() => api('DELETE', '/api/account/second-factor/totp'));
    if (!answer.ok) {
      pushError('Error', answer.body.error ?? UNEXPECTED);
      return;
    }
    pushToast({ title: 'Authenticator app removed' });
    void load();
  };

  if (codes) {
    return (
      <section aria-labelledby="two-step-title">
        <h2 id="two-step-title">Two-Step Sign-In</h2>
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      </section>
    );
  }
  const enrolled = status !== null && (status.totp || status.passkeys.length > 0);
  return (
    <section aria-labelledby="two-step-title">
      <h2 id="two-step-title">Two-Step Sign-In</h2>
      {reauth.dialog}
      {status === null ? (
        <p>Loading…</p>
      ) : (
        <>
          <p>
            {enrolled
              ? 'Two-step sign-in is on: after your password, you confirm it is you with your app, a passkey or a recovery code.'
              : 'Protect your account with a second step: after your password, confirm it is you with an authenticator app or a passkey.'}
          </p>
          <h3>Authenticator App</h3>
          {!status.totp || replacing ? (
            <TotpSetup
              onConfirmed={confirmed}
              {...(replacing ? { startLabel: 'Show the New QR Code' } : {})}
            />
          ) : (
            <>
              <p>
                <strong>Authenticator app: on.</strong>
              </p>
              <div className="factor-actions">
                <button type="button" className="btn secondary" onClick={() => setReplacing(true)}>
                  Set Up a New App
                </button>
                <button type="button" className="btn secondary" onClick={() => void removeApp()}>
                  Remove Authenticator App
                </button>
              </div>
            </>
          )}
          <PasskeyList passkeys={status.passkeys} onChange={changed} />
          {enrolled && (
            <>
              <h3>Recovery Codes</h3>
              <p>{status.recoveryCodesLeft} of 10 recovery codes left.</p>
              <button type="button" className="btn secondary" onClick={() => void newCodes()}>
                Make New Recovery Codes
              </button>
            </>
          )}
        </>
      )}
    </section>
  );
}
