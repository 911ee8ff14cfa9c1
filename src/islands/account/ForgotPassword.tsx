// /forgot-password: ask for a reset e-mail, then the sent screen with 'Send Another Email' and
// 'Back to Sign In'. The answer is the same whether or not the account exists.
import { useState, type SyntheticEvent } from 'react';
import { firstIssue, ZForgotPassword } from '../../schemas/auth.ts';
import { pushToast } from '../../stores/toasts.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { EmailField } from '../shared/fields.tsx';
import Toaster from '../shared/Toaster.tsx';
import { withBoundary } from '../shared/ErrorBoundary.tsx';

function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);

  const send = async (event: SyntheticEvent) => {
    event.preventDefault();
    const invalid = firstIssue(ZForgotPassword.safeParse({ email }));
    setEmailError(invalid);
    if (invalid) {
      pushToast({ title: 'Invalid Email', description: invalid, variant: 'destructive' });
      return;
    }
    setBusy(true);
    const answer = await api('POST', '/api/auth/forgot-password', { email });
    setBusy(false);
    if (answer.ok) {
      setSent(true);
      pushToast({ title: 'Reset email sent!' });
    } else if (answer.status === 429) {
      pushToast({
        title: 'Too Many Attempts',
        description: answer.body.error ?? UNEXPECTED,
        variant: 'destructive',
      });
    } else {
      pushToast({ title: 'Error', description: answer.body.error ?? UNEXPECTED, variant: 'destructive' });
    }
  };

  return (
    <div className="auth-card card">
      <Toaster />
      {sent ? (
        <>
          <h1>Reset email sent!</h1>
          <p>
            If an account exists for <strong>{email.trim().toLowerCase()}</strong>, we sent it a link to
            choose a new password. The link works once and expires in an hour.
          </p>
          <p className="actions">
            <button type="button" className="btn secondary" onClick={() => setSent(false)}>
              Send Another Email
            </button>
            <a className="btn" href="/auth">
              Back to Sign In
            </a>
          </p>
        </>
      ) : (
        <>
          <h1>Reset your password</h1>
          <p>
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </p>
          <form onSubmit={(e) => void send(e)} noValidate>
            <EmailField label="Email" value={email} onValue={setEmail} error={emailError} />
            <button type="submit" className="btn" disabled={busy}>
              Send Reset Link
            </button>
          </form>
          <p>
            <a href="/auth">Back to Sign In</a>
          </p>
        </>
      )}
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(ForgotPassword);
