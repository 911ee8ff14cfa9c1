// The second step's form, wherever a second factor is asked (sign-in, /second-factor): a code from
// the app or a recovery code, and "Use a Passkey" where the caller offers one.
import CodeForm from './CodeForm.tsx';

export default function SecondStepForm(props: {
  button: string;
  onCode: (code: string) => Promise<string | null>;
  /** Shown only when given (the browser supports passkeys, and the account may use one). */
  onPasskey: (() => void) | null;
  busy: boolean;
}) {
  return (
    <>
      <CodeForm
        label="Authentication Code"
        help="The 6-digit code from your authenticator app, or one of your recovery codes."
        button={props.button}
        onCode={props.onCode}
      />
      {props.onPasskey && (
        <p>
          <button type="button" className="btn secondary" disabled={props.busy} onClick={props.onPasskey}>
            Use a Passkey
          </button>
        </p>
      )}
    </>
  );
}
