// The header's Templates dialog: three response templates, each put into the response form of
// the open lead (a native modal <dialog>: focus stays inside, Escape closes it).
import { useId, useRef } from 'react';
import { RESPONSE_TEMPLATES } from '../../domain/dashboard-rules.ts';

export interface ChosenTemplate {
  name: string;
  subject: string;
  message: string;
  /** Changes on every choice, so choosing the same template twice inserts it again. */
  seq: number;
}

let seq = 0;

export default function TemplatesDialog(props: { onChoose: (template: ChosenTemplate) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <>
      <button type="button" className="btn secondary" onClick={() => dialog.current?.showModal()}>
        Templates
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className="templates-dialog">
        <h2 id={titleId}>Response Templates</h2>
        <p>Choose a template to put it into the response form of the lead you have open.</p>
        <ul className="template-list">
          {RESPONSE_TEMPLATES.map((t) => (
            <li key={t.id}>
              <h3>{t.name}</h3>
              <p>{t.message}</p>
              <button
                type="button"
                className="btn"
                onClick={() => {
                  seq += 1;
                  props.onChoose({ name: t.name, subject: t.subject, message: t.message, seq });
                  dialog.current?.close();
                }}
              >
                Use {t.name}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="link" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </dialog>
    </>
  );
}
