// Setting up an authenticator app: the server makes the secret and draws its QR code (SVG, shown
// as an image); the person scans it or types the key, then confirms with a first code.
import { useEffect, useRef, useState } from 'react';
import { pushError } from '../../../stores/toasts.ts';
import { api, UNEXPECTED } from '../../shared/api.ts';
import { useReauth } from '../../shared/reauth.tsx';
import CodeForm from './CodeForm.tsx';

interface Setup {
  secret: string;
  qrSvg: string;
}

interface Props {
  /** The app is confirmed: the recovery codes when the account got its first set. */
  onConfirmed: (recoveryCodes: string[] | null) => void;
  startLabel?: string;
}

/** The key in groups of four, as apps show it and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export default function TotpSetup({ onConfirmed, startLabel = 'Set Up Authenticator App' }: Props) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [busy, setBusy] = useState(false);
  // Setting up an app is a change to how the account signs in: the password again after 5 minutes.
  const reauth = useReauth();
  // The button that started it is gone: keyboard and screen reader go on from the instructions.
  const intro = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (setup) intro.current?.focus();
  }, [setup]);

  const start = async () => {
    setBusy(true);
    const answer = await reauth.guarded(() => api<Setup>('POST', '/api/account/second-factor/totp'));
    setBusy(false);
    if (answer.ok) setSetup(answer.body);
    else pushError('Error', answer.body.error ?? UNEXPECTED);
  };

  const confirm = async (code: string) => {
    const answer = await reauth.guarded(() =>
      api<{ recoveryCodes: string[] | null }>('PUT', '/api/account/second-factor/totp', { code }),
    );
    if (!answer.ok) return answer.body.error ?? UNEXPECTED;
    setSetup(null);
    onConfirmed(answer.body.recoveryCodes);
    return null;
  };

  if (!setup) {
    return (
      <>
        <button type="button" className="btn" disabled={busy} onClick={() => void start()}>
          {startLabel}
        </button>
        {reauth.dialog}
      </>
    );
  }
  return (
    <div className="totp-setup">
      <p>
        Scan this QR code with your authenticator app (for example Google Authenticator, 1Password or Authy).
      </p>
      <img
        className="totp-qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        width={200}
        height={200}
        alt="QR code for your authenticator app"
      />
      <p>
        Or enter this key in the app: <code className="totp-secret">{grouped(setup.secret)}</code>
      </p>
      <CodeForm
        label="Code from the App"
        help="Enter the 6-digit code your app shows now."
        button="Confirm"
        onCode={confirm}
      />
      {reauth.dialog}
    </div>
  );
}
