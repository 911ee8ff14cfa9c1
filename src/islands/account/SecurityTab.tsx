// Account Settings, Security: the second factor (two-step sign-in), change the password (the
// current one is required; other sessions end) and see and end the browsers signed in to this
// account.
import { useState, type SyntheticEvent } from 'react';
import { formatDateTime } from '../../domain/format.ts';
import { firstIssue, newPasswordProblems, ZChangePassword } from '../../schemas/auth.ts';
import { pushError, pushToast } from '../../stores/toasts.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { useRead } from '../shared/query.tsx';
import { NewPasswordFields, PasswordField } from '../shared/fields.tsx';
import TwoStepSection from './second-factor/TwoStepSection.tsx';

interface SessionRow {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  current: boolean;
}

function browserName(ua: string | null): string {
  if (!ua) return 'Unknown browser';
  const name = /(Firefox|Edg|Chrome|Safari)\/[\d.]+/.exec(ua)?.[1];
  const os = /(Windows|Mac OS X|Android|iPhone|Linux)/.exec(ua)?.[1];
  return [name === 'Edg' ? 'Edge' : name, os].filter(Boolean).join(' on ') || 'Unknown browser';
}

/** `email`: the account's address (the password policy refuses a password holding its name). */
export default function SecurityTab({ email }: { email: string }) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [read] = useRead<{ sessions: SessionRow[] }>('/api/account/sessions');
  // None are listed when they could not be read.
  const sessions = read.isError ? [] : (read.data?.sessions ?? null);
  const loadSessions = () => read.refetch();

  const change = async (event: SyntheticEvent) => {
    event.preventDefault();
    const body = { currentPassword: current, password, confirmPassword: confirm };
    const invalid =
      firstIssue(ZChangePassword.safeParse(body)) ??
      (await newPasswordProblems({ password, email }))[0] ??
      null;
    setError(invalid);
    if (invalid) return;
    const answer = await api('POST', '/api/account/password', body);
    if (!answer.ok) {
      const message = answer.body.error ?? UNEXPECTED;
      setError(message);
      pushError(answer.status === 429 ? 'Too Many Attempts' : 'Error', message);
      return;
    }
    setCurrent('');
    setPassword('');
    setConfirm('');
    pushToast({ title: 'Password updated!', description: 'Your other sessions have been signed out.' });
    void loadSessions();
  };

  const end = async (id: string) => {
    const answer = await api('DELETE', `/api/account/sessions?id=${encodeURIComponent(id)}`);
    if (!answer.ok) pushError('Error', answer.body.error ?? UNEXPECTED);
    else pushToast({ title: 'Session ended' });
    void loadSessions();
  };

  return (
    <>
      <TwoStepSection />
      <h2>Change Password</h2>
      <form onSubmit={(e) => void change(e)} noValidate>
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          value={current}
          onValue={setCurrent}
        />
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          error={error}
          email={email}
        />
        <button type="submit" className="btn">
          Update Password
        </button>
      </form>
      <h2>Signed-in Sessions</h2>
      {sessions === null ? (
        <p>Loading sessions…</p>
      ) : (
        <ul className="sessions">
          {sessions.map((s) => (
            <li key={s.id}>
              <span>
                {browserName(s.userAgent)}
                {s.current ? ' (this device)' : ''} · last active{' '}
                <time dateTime={s.lastSeenAt}>{formatDateTime(s.lastSeenAt)}</time>
              </span>
              {!s.current && (
                <button type="button" className="btn secondary" onClick={() => void end(s.id)}>
                  End Session
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
