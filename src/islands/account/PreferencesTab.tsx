// Account Settings, Account & Billing: notification preferences (saved on the server), the way to
// billing for contractors, and the deletion request.
import { useState } from 'react';
import type { TPreferences } from '../../schemas/auth.ts';
import { pushError, pushToast } from '../../stores/toasts.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import type { ProfileData } from './types.ts';

const OPTIONS = [
  { key: 'email_notifications', label: 'Email notifications', help: 'Account and quote updates by e-mail' },
  { key: 'lead_notifications', label: 'Lead notifications', help: 'An e-mail for each new lead' },
  { key: 'marketing_emails', label: 'Marketing emails', help: 'News and offers, now and then' },
] as const;

export default function PreferencesTab({
  profile,
  isContractor,
  onSaved,
}: {
  profile: ProfileData;
  isContractor: boolean;
  /** The saved preferences go back into the settings, so they survive switching tabs. */
  onSaved: (profile: ProfileData) => void;
}) {
  const [prefs, setPrefs] = useState<TPreferences>({
    email_notifications: profile.email_notifications,
    lead_notifications: profile.lead_notifications,
    marketing_emails: profile.marketing_emails,
  });

  const toggle = async (key: keyof TPreferences, value: boolean) => {
    const before = prefs;
    const next = { ...prefs, [key]: value };
    setPrefs(next);
    const answer = await api('PUT', '/api/account/preferences', next);
    if (answer.ok) {
      onSaved({ ...profile, ...next });
      pushToast({ title: 'Preferences saved' });
    } else {
      setPrefs(before);
      pushError('Error', answer.body.error ?? UNEXPECTED);
    }
  };

  const requestDeletion = async () => {
    const answer = await api('POST', '/api/account/deletion');
    if (answer.ok) {
      pushToast({
        title: 'Account deletion requested',
        description: 'Please contact support to complete account deletion.',
      });
    } else pushError('Error', answer.body.error ?? UNEXPECTED);
  };

  return (
    <>
      <h2>Notification Preferences</h2>
      {OPTIONS.map((o) => (
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
