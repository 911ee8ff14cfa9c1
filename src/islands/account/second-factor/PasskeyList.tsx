// Account Settings, Security: the account's passkeys (name, added, last used), adding one (the
// browser's own dialog) and removing one.
import { useState, type SyntheticEvent } from 'react';
import { formatDateTime } from '../../../domain/format.ts';
import { firstIssue } from '../../../schemas/auth.ts';
import { PASSKEY_NAME_MAX, ZPasskeyName } from '../../../schemas/second-factor.ts';
import { pushError, pushToast } from '../../../stores/toasts.ts';
import { api, UNEXPECTED } from '../../shared/api.ts';
import { useReauth } from '../../shared/reauth.tsx';
import { TextField } from '../../shared/fields.tsx';
import { createPasskey, PASSKEY_CANCELLED, passkeysSupported } from './passkey-browser.ts';

export interface PasskeyRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

interface Props {
  passkeys: PasskeyRow[];
  /** A passkey was added (with the recovery codes when the account got its first set) or removed. */
  onChange: (recoveryCodes: string[] | null) => void;
}

export default function PasskeyList({ passkeys, onChange }: Props) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Adding or removing a passkey needs the password proven within 5 minutes (the server says when).
  const reauth = useReauth();

  const add = async (event: SyntheticEvent) => {
    event.preventDefault();
    const invalid = firstIssue(ZPasskeyName.safeParse(name));
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const options = await reauth.guarded(() => api('POST', '/api/account/second-factor/passkeys/options'));
      if (!options.ok) return setError(options.body.error ?? UNEXPECTED);
      // The options are the server's, passed through as they came.
      const response = await createPasskey(options.body as never);
      if (!response) return setError(PASSKEY_CANCELLED);
      const saved = await reauth.guarded(() =>
        api<{ recoveryCodes: string[] | null }>('POST', '/api/account/second-factor/passkeys', {
          name: name.trim(),
          response,
        }),
      );
      if (!saved.ok) return setError(saved.body.error ?? UNEXPECTED);
      setName('');
      pushToast({ title: 'Passkey added' });
      onChange(saved.body.recoveryCodes);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (passkey: PasskeyRow) => {
    if (!window.confirm(`Remove the passkey "${passkey.name}"?`)) return;
    const answer = await reauth.guarded(() =>
      api('DELETE', `/api/account/second-factor/passkeys?id=${encodeURIComponent(passkey.id)}`),
    );
    if (!answer.ok) {
      pushError('Error', answer.body.error ?? UNEXPECTED);
      return;
    }
    pushToast({ title: 'Passkey removed' });
    onChange(null);
  };

  return (
    <>
      {reauth.dialog}
      <h3>Passkeys</h3>
      {passkeys.length === 0 ? (
        <p>No passkeys yet. A passkey lets your phone, computer or security key confirm it is you.</p>
      ) : (
        <ul className="sessions">
          {passkeys.map((p) => (
            <li key={p.id}>
              <span>
                <strong>{p.name}</strong> · added{' '}
                <time dateTime={p.createdAt}>{formatDateTime(p.createdAt)}</time> ·{' '}
                {p.lastUsedAt ? (
                  <>
                    last used <time dateTime={p.lastUsedAt}>{formatDateTime(p.lastUsedAt)}</time>
                  </>
                ) : (
                  'not used yet'
                )}
              </span>
              <button
                type="button"
                className="btn secondary"
                aria-label={`Remove passkey ${p.name}`}
                onClick={() => void remove(p)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <form onSubmit={(e) => void add(e)} noValidate>
          <TextField
            label="Passkey Name"
            autoComplete="off"
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onValue={setName}
            error={error}
            help="For example: My phone."
          />
          <button type="submit" className="btn secondary" disabled={busy}>
            Add a Passkey
          </button>
        </form>
      ) : (
        <p>This browser cannot use passkeys.</p>
      )}
    </>
  );
}
