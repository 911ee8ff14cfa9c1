// /contractor-signup: find your business (claim one of our listings or start from a Google
// place), then the registration form, checked with the shared schema before it is sent and by
// the server again. A failure keeps everything typed and says why ('Registration Failed' with the
// server's message); success shows what happens next.
import { useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { SIGNUP_MESSAGES, type SignupResult } from '../../schemas/contractor-signup.ts';
import { newPasswordProblems } from '../../schemas/password.ts';
import { pushToast } from '../../stores/toasts.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import Toaster from '../shared/Toaster.tsx';
import BusinessSearch from './BusinessSearch.tsx';
import {
  draftErrors,
  EMPTY_DRAFT,
  prefill,
  serverErrors,
  toInput,
  type FieldErrors,
  type Origin,
  type SignupDraft,
} from './draft.ts';
import SignupDone from './SignupDone.tsx';
import SignupForm from './SignupForm.tsx';
import type { SignupProps } from './types.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';

function ContractorSignup({ services, areaZips }: SignupProps) {
  const catalog = useMemo(() => new Set(services.map((s) => s.slug)), [services]);
  const area = useMemo(() => new Set(areaZips), [areaZips]);
  const [draft, setDraft] = useState<SignupDraft>(EMPTY_DRAFT);
  const [origin, setOrigin] = useState<Origin>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<SignupResult | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (patch: Partial<SignupDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const startFrom = (next: Origin, filled: SignupDraft) => {
    setOrigin(next);
    setDraft(filled);
    setErrors({});
    formRef.current?.querySelector<HTMLElement>('h2')?.focus();
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const input = toInput(draft, origin);
    const found = draftErrors(input, area);
    if (!found.password) {
      const [weak] = await newPasswordProblems({
        password: draft.password,
        email: draft.email,
        name: draft.ownerName,
      });
      if (weak) found.password = weak;
    }
    setErrors(found);
    if (Object.keys(found).length) {
      setFailure(null);
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    const answer = await api<SignupResult>('POST', '/api/contractor-signup', input);
    setBusy(false);
    if (answer.ok) {
      setDone({
        kind: answer.body.kind,
        businessName: answer.body.businessName,
        email: answer.body.email,
        ...(answer.body.claimProof ? { claimProof: answer.body.claimProof } : {}),
      });
      return;
    }
    const message = answer.status ? (answer.body.error ?? UNEXPECTED) : UNEXPECTED;
    setErrors(serverErrors(answer.body.fields));
    setFailure(message);
    pushToast({ title: SIGNUP_MESSAGES.registrationFailed, description: message, variant: 'destructive' });
  };

  if (done) {
    return (
      <div className="signup">
        <SignupDone result={done} />
      </div>
    );
  }

  return (
    <div className="signup">
      <Toaster />
      <BusinessSearch
        onListing={(listing) =>
          startFrom(
            { kind: 'listing', id: listing.id, name: listing.name },
            prefill(draft, listing, catalog, area),
          )
        }
        onPlace={(place) =>
          startFrom(
            { kind: 'google', placeId: place.placeId, name: place.name },
            prefill(draft, place, catalog, area),
          )
        }
      />
      <form
        ref={formRef}
        className="card signup-form"
        aria-labelledby="signup-form-heading"
        noValidate
        onSubmit={(e) => void submit(e)}
      >
        <h2 id="signup-form-heading" tabIndex={-1}>
          {origin?.kind === 'listing' ? `Claim ${origin.name}` : 'Register your business'}
        </h2>
        {origin?.kind === 'listing' && (
          <p className="notice">
            You are asking to claim an existing listing. Our team confirms that it is yours before it is
            handed over to your account.{' '}
            <button type="button" className="link" onClick={() => setOrigin(null)}>
              Register a new business instead
            </button>
          </p>
        )}
        <SignupForm draft={draft} errors={errors} services={services} onChange={change} />
        {failure && (
          <div className="error" role="alert">
            <strong>{SIGNUP_MESSAGES.registrationFailed}</strong>: {failure}
          </div>
        )}
        <button type="submit" className="btn" disabled={busy}>
          {origin?.kind === 'listing' ? 'Register and claim' : 'Register'}
        </button>
        <p className="muted">
          Already registered? <a href="/auth">Sign in</a>
        </p>
      </form>
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(ContractorSignup);
