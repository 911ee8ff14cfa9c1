// /reset-password?token=..: 'Verifying reset link...', then the invalid-link screen or the
// new-password form. Success ends every session and signs this browser in and goes home; for an
// account with a second factor it signs nobody in and offers the sign-in page.
import { useEffect, useState, type SyntheticEvent } from 'react';
import { firstIssue, newPasswordProblems, ZResetPassword } from '../../schemas/auth.ts';
import { pushToast } from '../../stores/toasts.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { NewPasswordFields } from '../shared/fields.tsx';
import { read } from '../shared/read.ts';
import Toaster from '../shared/Toaster.tsx';
import { withBoundary } from '../shared/ErrorBoundary.tsx';

/** The reset link's token, from the address bar. */
const linkToken = () => new URLSearchParams(window.location.search).get('token') ?? '';

type Stage = 'verifying' | 'invalid' | 'form' | 'done';

function ResetPassword() {
  const [stage, setStage] = useState<Stage>('verifying');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The account's address (the policy refuses a password holding its name). */
  const [email, setEmail] = useState<string | undefined>(undefined);
  /** Whether the reset signed this browser in (not for an account with a second factor). */
  const [signedIn, setSignedIn] = useState(true);

  // One read, once: the page carries no query client (its 10 KB would be for this one check).
  useEffect(() => {
    void read<{ valid: boolean; email?: string }>(
      `/api/auth/reset-password?token=${encodeURIComponent(linkToken())}`,
    ).then(
      (a) => {
        setEmail(a.email);
        setStage(a.valid ? 'form' : 'invalid');
      },
      () => setStage('invalid'),
    );
  }, []);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const invalid =
      firstIssue(ZResetPassword.safeParse({ token: linkToken(), password, confirmPassword: confirm })) ??
      (await newPasswordProblems({ password, email }))[0] ??
      null;
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const answer = await api<{ signedIn?: boolean }>('POST', '/api/auth/reset-password', {
      token: linkToken(),
      password,
      confirmPassword: confirm,
    });
    setBusy(false);
    if (answer.ok) {
      setStage('done');
      pushToast({ title: 'Password updated!' });
      if (answer.body.signedIn === false) setSignedIn(false);
      else setTimeout(() => window.location.assign('/'), 700);
    } else if (answer.status === 400 && !answer.body.fields) {
      setStage('invalid');
    } else {
      const message = answer.body.error ?? UNEXPECTED;
      setError(message);
      pushToast({ title: 'Error', description: message, variant: 'destructive' });
    }
  };

  return (
    <div className="auth-card card">
      <Toaster />
      {stage === 'verifying' && <p role="status">Verifying reset link...</p>}
      {stage === 'invalid' && (
        <>
          <h1>Invalid Reset Link</h1>
          <p>This password reset link is invalid or has expired.</p>
          <p>
            <a className="btn" href="/forgot-password">
              Request New Reset Link
            </a>
          </p>
        </>
      )}
      {stage === 'done' && (
        <>
          <h1>Password updated!</h1>
          {signedIn ? (
            <p>You are signed in with your new password.</p>
          ) : (
            <>
              <p>Please sign in with your new password and your second factor.</p>
              <p>
                <a className="btn" href="/auth">
                  Sign In
                </a>
              </p>
            </>
          )}
        </>
      )}
      {stage === 'form' && (
        <>
          <h1>Set a new password</h1>
          <form onSubmit={(e) => void submit(e)} noValidate>
            <NewPasswordFields
              password={password}
              confirm={confirm}
              onPassword={setPassword}
              onConfirm={setConfirm}
              error={error}
              email={email}
            />
            <button type="submit" className="btn" disabled={busy}>
              Update Password
            </button>
          </form>
        </>
      )}
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(ResetPassword);
