// The contractors page's small forms and its one way to send a change: a licence check, and `useAdminPost` (the row being changed, the answer's message).
import { useId, useState } from 'react';
import { formatDay } from '../../../domain/format.ts';
import type { AdminLicence, TLicenceCheck } from '../../../schemas/admin.ts';
import { api, UNEXPECTED } from '../../shared/api.ts';

type FormEvent = { preventDefault: () => void };

/** Sends an admin change and reports it: the key of the row it changes is busy meanwhile. */
export function useAdminPost(onMessage: (message: string | null) => void) {
  const [busy, setBusy] = useState<string | null>(null);
  async function post<T>(key: string, url: string, body: unknown, done: (answer: T) => string) {
    setBusy(key);
    onMessage(null);
    const answer = await api<T>('POST', url, body);
    setBusy(null);
    if (!answer.ok) {
      onMessage(answer.body.error ?? UNEXPECTED);
      return null;
    }
    onMessage(done(answer.body));
    return answer.body;
  }
  return { busy, post };
}

/** "Ohio Construction Industry Licensing Board #12345, checked Nov 2, 2026 (source)". */
export function licenceText(licence: AdminLicence): string {
  return `${licence.board} #${licence.number}, checked ${formatDay(licence.checkedOn)} (${licence.source})`;
}

/** The licence check form: number, issuing board, day checked, source. */
export function LicenceForm(props: {
  name: string;
  licence: AdminLicence | null;
  /** The number the business gave, to start from when nothing was checked yet. */
  givenNumber?: string | null;
  busy: boolean;
  onSubmit: (body: TLicenceCheck) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const today = new Date().toISOString().slice(0, 10);
  const [number, setNumber] = useState(props.licence?.number ?? props.givenNumber ?? '');
  const [board, setBoard] = useState(props.licence?.board ?? '');
  const [checkedOn, setCheckedOn] = useState(props.licence?.checkedOn ?? today);
  const [source, setSource] = useState(props.licence?.source ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit({ number, board, checkedOn, source });
  };
  return (
    <form className="admin-inline-form" onSubmit={submit} aria-label={`Licence of ${props.name}`}>
      <label htmlFor={`${id}-n`}>Licence number</label>
      <input
        id={`${id}-n`}
        required
        maxLength={60}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
      />
      <label htmlFor={`${id}-b`}>Issuing board</label>
      <input
        id={`${id}-b`}
        required
        maxLength={120}
        value={board}
        onChange={(e) => setBoard(e.target.value)}
      />
      <label htmlFor={`${id}-d`}>Date checked</label>
      <input
        id={`${id}-d`}
        type="date"
        required
        max={today}
        value={checkedOn}
        onChange={(e) => setCheckedOn(e.target.value)}
      />
      <label htmlFor={`${id}-s`}>Source (where it was checked)</label>
      <input
        id={`${id}-s`}
        required
        maxLength={300}
        value={source}
        onChange={(e) => setSource(e.target.value)}
      />
      <div className="admin-actions">
        <button className="btn" type="submit" disabled={props.busy}>
          Save licence check
        </button>
        <button className="btn secondary" type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
