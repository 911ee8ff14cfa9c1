// Ten recovery codes, shown once: the person keeps them somewhere safe before going on.
import { useEffect, useRef } from 'react';

interface Props {
  codes: string[];
  onDone: () => void;
}

export default function RecoveryCodes({ codes, onDone }: Props) {
  // Shown in place of the form that was sent: focus moves here, so the codes are read out next.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <section aria-labelledby="recovery-codes-title" className="recovery-codes">
      <h3 id="recovery-codes-title" ref={title} tabIndex={-1}>
        Your Recovery Codes
      </h3>
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
