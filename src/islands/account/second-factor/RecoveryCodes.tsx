// Ten recovery codes, shown once: the person keeps them somewhere safe before going on.
interface Props {
  codes: string[];
  onDone: () => void;
}

export default function RecoveryCodes({ codes, onDone }: Props) {
  return (
    <section aria-labelledby="recovery-codes-title" className="recovery-codes">
      <h3 id="recovery-codes-title">Your Recovery Codes</h3>
      <p>
        Each code signs you in once if you cannot use your authenticator app. Save them somewhere safe now:
        they will not be shown again.
      </p>
      <ol>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="btn" onClick={onDone}>
        I Have Saved These Codes
      </button>
    </section>
  );
}
