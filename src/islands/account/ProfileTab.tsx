// Account Settings, Profile: the name, and the e-mail address (a new one changes only once the
// link sent to it is followed; asking for it may need the password again: shared/reauth.tsx).
import { useState, type SyntheticEvent } from 'react';
import { firstIssue, ZProfileUpdate } from '../../schemas/auth.ts';
import { pushError, pushToast } from '../../stores/toasts.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { EmailField, TextField } from '../shared/fields.tsx';
import { useReauth } from '../shared/reauth.tsx';
import type { ProfileData } from './types.ts';

export default function ProfileTab({
  profile,
  onSaved,
}: {
  profile: ProfileData;
  onSaved: (p: ProfileData) => void;
}) {
  const [fullName, setFullName] = useState(profile.fullName ?? '');
  const [email, setEmail] = useState(profile.email);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reauth = useReauth();

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = ZProfileUpdate.safeParse({ fullName, email });
    const invalidEmail = parsed.error?.issues.find((i) => i.path[0] === 'email')?.message ?? null;
    setEmailError(invalidEmail);
    if (invalidEmail) {
      pushError('Invalid Email', invalidEmail);
      return;
    }
    if (!parsed.success) {
      pushError('Failed to update profile.', firstIssue(parsed) ?? UNEXPECTED);
      return;
    }
    setBusy(true);
    const answer = await reauth.guarded(() =>
      api<{ verificationSent: boolean; profile: ProfileData }>('PUT', '/api/account/profile', {
        fullName,
        email,
      }),
    );
    setBusy(false);
    if (!answer.ok) {
      pushError('Failed to update profile.', answer.body.error ?? UNEXPECTED);
      return;
    }
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
    <>
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
      {reauth.dialog}
    </>
  );
}
