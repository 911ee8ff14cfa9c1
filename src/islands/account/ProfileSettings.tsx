// /profile: Account Settings with the tabs Profile, Security and Account & Billing. The page
// passes the profile it loaded on the server; every change is saved through the account API.
import { useEffect, useState } from 'preact/hooks';
import { EMAIL_MESSAGE, isValidEmail, PASSWORD_MIN } from '../../domain/account-rules.ts';
import { pushToast } from '../../stores/toasts.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { EmailField, NewPasswordFields, PasswordField, TextField } from '../shared/fields.tsx';
import Toaster from '../shared/Toaster.tsx';

export interface ProfileData {
  email: string;
  fullName: string | null;
  pendingEmail: string | null;
  email_notifications: boolean;
  lead_notifications: boolean;
  marketing_emails: boolean;
}

interface SessionRow {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  current: boolean;
}

interface Props {
  profile: ProfileData;
  isContractor: boolean;
  /** A message for arriving here (e.g. after following an e-mail change link). */
  notice: string | null;
}

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'security', label: 'Security' },
  { id: 'billing', label: 'Account & Billing' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const fail = (title: string, description: string): void => {
  pushToast({ title, description, variant: 'destructive' });
};

function browserName(ua: string | null): string {
  if (!ua) return 'Unknown browser';
  const name = /(Firefox|Edg|Chrome|Safari)\/[\d.]+/.exec(ua)?.[1];
  const os = /(Windows|Mac OS X|Android|iPhone|Linux)/.exec(ua)?.[1];
  return [name === 'Edg' ? 'Edge' : name, os].filter(Boolean).join(' on ') || 'Unknown browser';
}

function ProfileTab({ profile, onSaved }: { profile: ProfileData; onSaved: (p: ProfileData) => void }) {
  const [fullName, setFullName] = useState(profile.fullName ?? '');
  const [email, setEmail] = useState(profile.email);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: Event) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setEmailError(EMAIL_MESSAGE);
      return fail('Invalid Email', EMAIL_MESSAGE);
    }
    setEmailError(null);
    setBusy(true);
    const answer = await api<{ verificationSent: boolean; profile: ProfileData }>(
      'PUT',
      '/api/account/profile',
      {
        fullName,
        email,
      },
    );
    setBusy(false);
    if (!answer.ok) return fail('Failed to update profile.', answer.body.error ?? UNEXPECTED);
    onSaved(answer.body.profile);
    setEmail(answer.body.profile.email);
    pushToast({ title: 'Profile updated!' });
    if (answer.body.verificationSent) {
      pushToast({
        title: 'Verification email sent',
        description: `Follow the link we sent to ${answer.body.profile.pendingEmail ?? email} to change your e-mail address.`,
      });
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <TextField
        label="Full Name"
        autoComplete="name"
        maxLength={255}
        value={fullName}
        onValue={setFullName}
      />
      <EmailField
        label="Email"
        value={email}
        onValue={setEmail}
        error={emailError}
        help={
          profile.pendingEmail
            ? `Waiting for confirmation of ${profile.pendingEmail}: follow the link we sent there.`
            : 'A new address needs confirming: we send a link to it first.'
        }
      />
      <button type="submit" className="btn" disabled={busy}>
        Save Changes
      </button>
    </form>
  );
}

function SecurityTab() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sessions, setSessions] = useState<SessionRow[] | null>(null);

  const loadSessions = async () => {
    const answer = await api<{ sessions: SessionRow[] }>('GET', '/api/account/sessions');
    setSessions(answer.ok ? answer.body.sessions : []);
  };
  useEffect(() => void loadSessions(), []);

  const change = async (event: Event) => {
    event.preventDefault();
    if (password !== confirm) return setError("Passwords don't match");
    if (password.length < PASSWORD_MIN) return setError('Password too short');
    const answer = await api('POST', '/api/account/password', {
      currentPassword: current,
      password,
      confirmPassword: confirm,
    });
    if (!answer.ok) {
      const message = answer.body.error ?? UNEXPECTED;
      setError(message);
      return fail('Error', message);
    }
    setError(null);
    setCurrent('');
    setPassword('');
    setConfirm('');
    pushToast({ title: 'Password updated!', description: 'Your other sessions have been signed out.' });
    void loadSessions();
  };

  const end = async (id: string) => {
    const answer = await api('DELETE', `/api/account/sessions?id=${encodeURIComponent(id)}`);
    if (!answer.ok) fail('Error', answer.body.error ?? UNEXPECTED);
    else pushToast({ title: 'Session ended' });
    void loadSessions();
  };

  return (
    <>
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
                <time dateTime={s.lastSeenAt}>{new Date(s.lastSeenAt).toLocaleString()}</time>
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

function BillingTab({ profile, isContractor }: { profile: ProfileData; isContractor: boolean }) {
  const [prefs, setPrefs] = useState({
    email_notifications: profile.email_notifications,
    lead_notifications: profile.lead_notifications,
    marketing_emails: profile.marketing_emails,
  });

  const toggle = async (key: keyof typeof prefs, value: boolean) => {
    const next = { ...prefs, [key]: value };
    setPrefs(next);
    const answer = await api('PUT', '/api/account/preferences', next);
    if (answer.ok) pushToast({ title: 'Preferences saved' });
    else {
      setPrefs(prefs);
      fail('Error', answer.body.error ?? UNEXPECTED);
    }
  };

  const requestDeletion = async () => {
    const answer = await api('POST', '/api/account/deletion');
    if (answer.ok) {
      pushToast({
        title: 'Account deletion requested',
        description: 'Please contact support to complete account deletion.',
      });
    } else fail('Error', answer.body.error ?? UNEXPECTED);
  };

  const options = [
    { key: 'email_notifications', label: 'Email notifications', help: 'Account and quote updates by e-mail' },
    { key: 'lead_notifications', label: 'Lead notifications', help: 'An e-mail for each new lead' },
    { key: 'marketing_emails', label: 'Marketing emails', help: 'News and offers, now and then' },
  ] as const;

  return (
    <>
      <h2>Notification Preferences</h2>
      {options.map((o) => (
        <label key={o.key} className="check">
          <input
            type="checkbox"
            checked={prefs[o.key]}
            onChange={(e) => void toggle(o.key, e.currentTarget.checked)}
          />
          {o.label} <span className="muted">({o.help})</span>
        </label>
      ))}
      {isContractor && (
        <>
          <h2>Billing</h2>
          <p>
            <a href="/contractor/billing">Manage payment methods and lead charges</a>
          </p>
        </>
      )}
      <h2>Delete Account</h2>
      <p>Deleting your account removes your profile and sign-in. Our support team completes it.</p>
      <button type="button" className="btn danger" onClick={() => void requestDeletion()}>
        Delete Account
      </button>
    </>
  );
}

export default function ProfileSettings({ profile: initial, isContractor, notice }: Props) {
  const [tab, setTab] = useState<Tab>('profile');
  const [profile, setProfile] = useState(initial);

  useEffect(() => {
    if (notice) pushToast({ title: notice });
  }, [notice]);

  const onKeyDown = (event: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(i + step + TABS.length) % TABS.length]!;
    setTab(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };

  return (
    <div className="settings">
      <Toaster />
      <h1>Account Settings</h1>
      <div role="tablist" aria-label="Account Settings" className="tabs" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="card">
        {tab === 'profile' && <ProfileTab profile={profile} onSaved={setProfile} />}
        {tab === 'security' && <SecurityTab />}
        {tab === 'billing' && <BillingTab profile={profile} isContractor={isContractor} />}
      </div>
    </div>
  );
}
