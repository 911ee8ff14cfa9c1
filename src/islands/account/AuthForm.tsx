// /auth: sign in and create account on one screen, toggled. Sign-up shows the live password
// checklist and, once it is met, the policy's strength check (src/schemas/password.ts, its
// dictionaries fetched when the field is first used); the server checks everything again. After sign-in: 'Welcome back!' and on to the
// remembered page (a contractor with none to the dashboard).
import { useState, type SyntheticEvent } from 'react';
import {
  firstIssue,
  newPasswordProblems,
  PASSWORD_MIN,
  PASSWORD_REQUIREMENTS_NOT_MET,
  SIGNUP_PASSWORD_MIN,
  ZEmail,
  ZReturnTo,
} from '../../schemas/auth.ts';
import { pushToast } from '../../stores/toasts.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { EmailField, PasswordField, PasswordRules, TextField } from '../shared/fields.tsx';
import { PasswordStrength, usePasswordStrength } from '../shared/password-strength.tsx';
import Toaster from '../shared/Toaster.tsx';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import SecondStepForm from './second-factor/SecondStepForm.tsx';
import { answerWithPasskey, passkeysSupported } from './second-factor/passkey-browser.ts';

type Mode = 'signin' | 'signup';

interface Props {
  returnTo: string;
  /** A message for arriving here: admin required, a used link, a changed address. */
  notice: string | null;
}

/** After a success toast, move on once it has been seen and announced. */
const LEAVE_AFTER_MS = 700;

function AuthForm({ returnTo, notice }: Props) {
  const [mode, setMode] = useState<Mode>('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fullName, setFullName] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The password was right and the account has a second factor: its step is shown. */
  const [secondStep, setSecondStep] = useState(false);
  const signup = mode === 'signup';

  /** Signed in: 'Welcome back!' and on to the remembered page (no page asked: the landing). */
  const welcome = (landing: string | null) => {
    pushToast({ title: 'Welcome back!' });
    // Checked again here, whatever the page was given: navigating is what would leave the site.
    const destination = ZReturnTo.parse(returnTo === '/' && landing ? landing : returnTo);
    setTimeout(() => window.location.assign(destination), LEAVE_AFTER_MS);
  };

  const signInWithPasskey = async () => {
    setBusy(true);
    try {
      const outcome = await answerWithPasskey<{ landing?: string | null }>(
        '/api/auth/passkey-options',
        '/api/auth/passkey',
      );
      if (outcome.ok) welcome(outcome.body.landing ?? null);
      else
        pushToast({
          title: outcome.stage === 'answer' ? 'Login Failed' : 'Passkey',
          description: outcome.error,
          variant: 'destructive',
        });
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async (code: string) => {
    const answer = await api<{ landing?: string | null }>('POST', '/api/auth/second-factor', { code });
    if (answer.ok) {
      welcome(answer.body.landing ?? null);
      return null;
    }
    const message = answer.body.error ?? UNEXPECTED;
    if (answer.status === 429)
      pushToast({ title: 'Too Many Attempts', description: message, variant: 'destructive' });
    return message;
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const invalidEmail = firstIssue(ZEmail.safeParse(email));
    setEmailError(invalidEmail);
    if (invalidEmail) {
      pushToast({ title: 'Invalid Email', description: invalidEmail, variant: 'destructive' });
      return;
    }
    const weak = signup ? await newPasswordProblems({ password, email, name: fullName }) : [];
    if (weak.length) {
      pushToast({
        title: PASSWORD_REQUIREMENTS_NOT_MET,
        description: weak.map((m) => m.replace(/\.$/, '')).join('. '),
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    const answer = signup
      ? await api('POST', '/api/auth/sign-up', { email, password, ...(fullName.trim() ? { fullName } : {}) })
      : await api<{ landing?: string | null; secondFactor?: boolean }>('POST', '/api/auth/sign-in', {
          email,
          password,
        });
    setBusy(false);
    if (answer.ok) {
      if (signup) {
        pushToast({
          title: 'Account Created!',
          description: 'Please check your email to verify your account.',
        });
        setMode('signin');
        setPassword('');
        return;
      }
      if ('secondFactor' in answer.body && answer.body.secondFactor) {
        setPassword('');
        setSecondStep(true);
        return;
      }
      // No page asked (home): a contractor goes to the dashboard.
      const landing = 'landing' in answer.body ? answer.body.landing : null;
      welcome(typeof landing === 'string' ? landing : null);
      return;
    }
    const message = answer.body.error ?? UNEXPECTED;
    if (answer.status === 401) {
      pushToast({ title: 'Login Failed', description: message, variant: 'destructive' });
    } else if (answer.status === 409) {
      pushToast({ title: 'Account Exists', description: message, variant: 'destructive' });
    } else if (answer.status === 400 && answer.body.fields?.['password']) {
      pushToast({ title: PASSWORD_REQUIREMENTS_NOT_MET, description: message, variant: 'destructive' });
    } else if (answer.status === 429) {
      pushToast({ title: 'Too Many Attempts', description: message, variant: 'destructive' });
    } else if (answer.status === 403) {
      pushToast({ title: 'Email Not Verified', description: message, variant: 'destructive' });
    } else {
      pushToast({
        title: 'Error',
        description: answer.status ? message : UNEXPECTED,
        variant: 'destructive',
      });
    }
  };

  const strength = usePasswordStrength({ password: signup ? password : '', email, name: fullName });

  if (secondStep) {
    return (
      <div className="auth-card card">
        <Toaster />
        <h1>Two-Step Sign-In</h1>
        <SecondStepForm
          button="Verify"
          onCode={sendCode}
          onPasskey={passkeysSupported() ? () => void signInWithPasskey() : null}
          busy={busy}
        />
        <p>
          <button type="button" className="link" onClick={() => setSecondStep(false)}>
            Start Again
          </button>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-card card">
      <Toaster />
      <h1>{signup ? 'Create Account' : 'Sign In'}</h1>
      {notice && (
        <p className="notice" role="note">
          {notice}
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        {signup && (
          <TextField
            label="Full Name"
            autoComplete="name"
            maxLength={255}
            value={fullName}
            onValue={setFullName}
          />
        )}
        <EmailField label="Email" value={email} onValue={setEmail} error={emailError} />
        <PasswordField
          label="Password"
          autoComplete={signup ? 'new-password' : 'current-password'}
          minLength={signup ? SIGNUP_PASSWORD_MIN : PASSWORD_MIN}
          value={password}
          onValue={setPassword}
          describedBy={signup ? 'password-rules password-strength' : undefined}
        />
        {signup && <PasswordRules password={password} id="password-rules" live />}
        {signup && <PasswordStrength id="password-strength" message={strength} />}
        <button type="submit" className="btn" disabled={busy}>
          {signup ? 'Create Account' : 'Sign In'}
        </button>
      </form>
      {!signup && (
        <p>
          <a href="/forgot-password">Forgot your password?</a>
        </p>
      )}
      <p>
        {signup ? 'Already have an account?' : "Don't have an account?"}{' '}
        <button type="button" className="link" onClick={() => setMode(signup ? 'signin' : 'signup')}>
          {signup ? 'Sign In' : 'Create Account'}
        </button>
      </p>
      <p>
        <a href="/">Back to Home</a>
      </p>
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(AuthForm);
