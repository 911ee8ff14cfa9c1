// A business's licence check by an admin, where the admin decides about it: what was checked (or
// that nothing was yet) and the form to record or change it. The same on an application, a
// claimed listing and a listed contractor, so a licence can be checked before an approval.
import { useState } from 'react';
import type { AdminLicence, TLicenceCheck } from '../../../schemas/admin.ts';
import { LicenceForm, licenceText } from './forms.tsx';
import RowButton from '../kit/RowButton.tsx';

export default function LicenceCheck(props: {
  name: string;
  licence: AdminLicence | null;
  givenNumber?: string | null;
  busy: boolean;
  /** Saves the check; true when it was saved (the form closes). */
  onSave: (body: TLicenceCheck) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <LicenceForm
        name={props.name}
        licence={props.licence}
        givenNumber={props.givenNumber ?? null}
        busy={props.busy}
        onSubmit={(body) => void props.onSave(body).then((saved) => saved && setOpen(false))}
        onCancel={() => setOpen(false)}
      />
    );
  }
  return (
    <>
      {props.licence ? (
        <p className="admin-fact">
          <span className="chip ok">Licence checked</span> {licenceText(props.licence)}
        </p>
      ) : (
        <p className="admin-fact">
          <span className="chip warn">Licence not checked</span>
        </p>
      )}
      <RowButton
        name={`${props.licence ? 'Change' : 'Record'} licence check of ${props.name}`}
        onPress={() => setOpen(true)}
      >
        {props.licence ? 'Change licence check' : 'Record licence check'}
      </RowButton>
    </>
  );
}
