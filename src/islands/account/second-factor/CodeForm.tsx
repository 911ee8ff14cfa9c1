// A form for one second-factor code (an authenticator app's 6 digits, or a recovery code where
// allowed), checked with the shared schema before it is sent.
import { useState, type SyntheticEvent } from 'react';
import { firstIssue } from '../../../schemas/auth.ts';
import { CODE_MAX, ZSecondFactorCode } from '../../../schemas/second-factor.ts';
import { TextField } from '../../shared/fields.tsx';

interface Props {
  label: string;
  help: string;
  button: string;
  /** Sends the code: null when it was taken, else the message to show. */
  onCode: (code: string) => Promise<string | null>;
}

export default function CodeForm({ label, help, button, onCode }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const invalid = firstIssue(ZSecondFactorCode.safeParse({ code }));
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const problem = await onCode(code.trim());
    setBusy(false);
    setError(problem);
    if (!problem) setCode('');
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={label}
        autoComplete="one-time-code"
        maxLength={CODE_MAX}
        value={code}
        onValue={setCode}
        error={error}
        help={help}
      />
      <button type="submit" className="btn" disabled={busy}>
        {button}
      </button>
    </form>
  );
}
