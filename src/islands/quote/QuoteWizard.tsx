// /quote-request: the six-step quote wizard (Service, Details, Timeline, Budget, Location,
// Contact). Continue only when the step is valid; presets advance by themselves after 300 ms.
// Everything typed is kept in this browser until the request is accepted, so a reload or a
// failed network keeps it; the request key makes a double submit or a retry one request.
import type { ComponentChildren, InputHTMLAttributes } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  BUDGET_PRESETS,
  CONTACT_METHODS,
  DESCRIPTION_MAX,
  EMPTY_DRAFT,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  PROPERTY_TYPES,
  STEPS,
  stepErrors,
  stepOf,
  TIMELINES,
  type QuoteDraft,
} from '../../domain/quote-rules.ts';
import { pushToast } from '../../stores/toasts.ts';
import { api } from '../shared/api.ts';
import Toaster from '../shared/Toaster.tsx';

export interface ServiceChoice {
  slug: string;
  name: string;
  category: string;
}

interface Props {
  services: ServiceChoice[];
}

const STORAGE_KEY = 'quote-request-draft';
const AUTO_ADVANCE_MS = 300;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

interface Saved {
  step: number;
  draft: QuoteDraft;
  requestKey: string;
}

function load(): Saved | null {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Saved | null;
    return saved && typeof saved.requestKey === 'string'
      ? { ...saved, draft: { ...EMPTY_DRAFT, ...saved.draft } }
      : null;
  } catch {
    return null;
  }
}

type Errors = Partial<Record<keyof QuoteDraft, string | undefined>>;

function Message({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="error" role="alert">
      {text}
    </p>
  ) : null;
}

/** One preset of a choice group: a radio in a card that shows when it is chosen. */
function Choice(props: {
  name: string;
  value?: string;
  chosen: boolean;
  onChoose: () => void;
  children: ComponentChildren;
}) {
  return (
    <label className={`choice${props.chosen ? ' chosen' : ''}`}>
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.chosen}
        onChange={props.onChoose}
      />
      {props.children}
    </label>
  );
}

/** Uploads one photo with progress (fetch cannot report upload progress; XHR can). */
function upload(file: File, requestKey: string, onProgress: (percent: number) => void) {
  return new Promise<{ ok: boolean; url?: string; error?: string }>((resolve) => {
    const form = new FormData();
    form.append('requestKey', requestKey);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: { url?: string; error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = {};
      }
      resolve({ ok: xhr.status === 201, ...body });
    };
    xhr.onerror = () => resolve({ ok: false });
    xhr.send(form);
  });
}

export default function QuoteWizard({ services }: Props) {
  const [step, setStep] = useState(1);
  const [draft, setDraft] = useState<QuoteDraft>(EMPTY_DRAFT);
  const [requestKey, setRequestKey] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const [ready, setReady] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);

  // Restore what was typed; a ?service= link picks the service; signed-in users get their e-mail.
  useEffect(() => {
    const saved = load();
    const params = new URLSearchParams(window.location.search);
    const preset = params.get('service');
    const next = saved ?? { step: 1, draft: { ...EMPTY_DRAFT }, requestKey: crypto.randomUUID() };
    if (preset && services.some((s) => s.slug === preset) && !saved) {
      next.draft = { ...next.draft, service: preset };
      next.step = 2;
    }
    setDraft(next.draft);
    setStep(next.step);
    setRequestKey(next.requestKey);
    setReady(true);
    if (/(?:^|; )signed_in=1/.test(document.cookie)) {
      void api<{ user: { email: string } | null }>('GET', '/api/auth/session').then((a) => {
        const email = a.body.user?.email;
        if (email) setDraft((d) => (d.email ? d : { ...d, email }));
      });
    }
  }, [services]);

  useEffect(() => {
    if (ready) localStorage.setItem(STORAGE_KEY, JSON.stringify({ step, draft, requestKey } satisfies Saved));
  }, [ready, step, draft, requestKey]);

  const goTo = (next: number) => {
    clearTimeout(timer.current);
    setErrors({});
    setStep(next);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const set = <K extends keyof QuoteDraft>(key: K, value: QuoteDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /** Continue: only when this step is valid. */
  const next = (current = draft) => {
    const found = stepErrors(step, current);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    goTo(step + 1);
  };

  /** A preset choice: saved at once, then on to the next step after 300 ms. */
  const choose = (patch: Partial<QuoteDraft>) => {
    const updated = { ...draft, ...patch };
    setDraft(updated);
    setErrors({});
    clearTimeout(timer.current);
    const from = step;
    timer.current = setTimeout(() => {
      if (Object.keys(stepErrors(from, updated)).length === 0) goTo(from + 1);
    }, AUTO_ADVANCE_MS);
  };

  const addPhotos = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      if (draft.photos.length >= MAX_PHOTOS) {
        pushToast({
          title: 'Upload failed',
          description: `You can upload up to ${MAX_PHOTOS} photos`,
          variant: 'destructive',
        });
        break;
      }
      if (!PHOTO_TYPES.includes(file.type)) {
        pushToast({
          title: 'Invalid file type',
          description: 'Please upload a JPEG, PNG, or WebP image',
          variant: 'destructive',
        });
        continue;
      }
      if (file.size > MAX_PHOTO_BYTES) {
        pushToast({
          title: 'File too large',
          description: `${file.name} is over 10 MB.`,
          variant: 'destructive',
        });
        continue;
      }
      setUploading({ name: file.name, percent: 0 });
      const result = await upload(file, requestKey, (percent) => setUploading({ name: file.name, percent }));
      setUploading(null);
      if (result.ok && result.url) {
        const url = result.url;
        setDraft((d) => ({ ...d, photos: [...d.photos, url] }));
      } else {
        pushToast({
          title: 'Upload failed',
          description: result.error ?? 'There was an error uploading your image. Please try again.',
          variant: 'destructive',
        });
      }
    }
  };

  const removePhoto = async (url: string) => {
    const answer = await api(
      'DELETE',
      `/api/uploads?requestKey=${encodeURIComponent(requestKey)}&url=${encodeURIComponent(url)}`,
    );
    if (answer.ok || answer.status === 404)
      setDraft((d) => ({ ...d, photos: d.photos.filter((p) => p !== url) }));
    else pushToast({ title: 'Delete failed.', variant: 'destructive' });
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const found = stepErrors(6, draft);
    if (Object.keys(found).length) return setErrors(found);
    setBusy(true);
    const answer = await api<{ contractorsContacted: number; paymentsSuccessful: number }>(
      'POST',
      '/api/quotes',
      {
        requestKey,
        service: draft.service,
        description: draft.description,
        timeline: draft.timeline,
        budgetMin: Number(draft.budgetMin),
        budgetMax: Number(draft.budgetMax),
        propertyType: draft.propertyType,
        address: draft.address,
        zipCode: draft.zipCode.trim(),
        name: draft.name,
        email: draft.email,
        phone: draft.phone,
        contactMethod: draft.contactMethod,
        photos: draft.photos,
      },
    );
    setBusy(false);
    if (answer.ok) {
      localStorage.removeItem(STORAGE_KEY);
      pushToast({
        title: 'Quote Request Submitted!',
        description: 'Local contractors will contact you within 2 hours.',
      });
      setTimeout(() => window.location.assign('/'), 1200);
      return;
    }
    if (answer.status === 400 && answer.body.fields) {
      const fieldErrors: Errors = {};
      for (const [field, messages] of Object.entries(answer.body.fields)) {
        if (messages[0]) fieldErrors[field as keyof QuoteDraft] = messages[0];
      }
      const first = Math.min(...Object.keys(fieldErrors).map(stepOf));
      setStep(first);
      setErrors(fieldErrors);
      return;
    }
    pushToast({
      title: answer.status === 429 ? 'Too many requests' : 'Error submitting request',
      description:
        answer.status === 429 && answer.body.error
          ? answer.body.error
          : 'Please try again or contact support.',
      variant: 'destructive',
    });
  };

  const described = (field: keyof QuoteDraft) => (errors[field] ? `quote-${field}-error` : undefined);

  /** A labelled text input of the draft, with its message. */
  const input = (
    label: string,
    field: 'budgetMin' | 'budgetMax' | 'address' | 'zipCode' | 'name' | 'email' | 'phone',
    attributes: InputHTMLAttributes,
  ) => (
    <>
      <label>
        {label}
        <input
          {...attributes}
          value={draft[field]}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={described(field)}
          onInput={(e) => set(field, e.currentTarget.value)}
        />
      </label>
      <Message id={`quote-${field}-error`} text={errors[field]} />
    </>
  );

  return (
    <div className="wizard">
      <Toaster />
      <ol className="steps" aria-label="Progress">
        {STEPS.map((label, i) => (
          <li
            key={label}
            className={i + 1 === step ? 'current' : i + 1 < step ? 'done' : undefined}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            {label}
          </li>
        ))}
      </ol>
      <p className="muted">
        Step {step} of {STEPS.length}
      </p>
      <progress max={STEPS.length} value={step} aria-label={`Step ${step} of ${STEPS.length}`} />
      <form
        className="card wizard-step"
        onSubmit={(e) => void (step === 6 ? submit(e) : (e.preventDefault(), next()))}
        noValidate
      >
        <h2 ref={heading} tabIndex={-1}>
          {
            [
              'What do you need done?',
              'Tell us about the project',
              'When do you need it?',
              "What's your budget?",
              'Where is the project?',
              'How can contractors reach you?',
            ][step - 1]
          }
        </h2>

        {step === 1 && (
          <fieldset aria-describedby={described('service')}>
            <legend className="visually-hidden">Service</legend>
            <div className="choices">
              {services.map((s) => (
                <Choice
                  key={s.slug}
                  name="service"
                  value={s.slug}
                  chosen={draft.service === s.slug}
                  onChoose={() => choose({ service: s.slug })}
                >
                  {s.name}
                </Choice>
              ))}
            </div>
            <Message id="quote-service-error" text={errors.service} />
          </fieldset>
        )}

        {step === 2 && (
          <>
            <label>
              Project description
              <textarea
                rows={6}
                maxLength={DESCRIPTION_MAX}
                value={draft.description}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={['quote-description-count', described('description')]
                  .filter(Boolean)
                  .join(' ')}
                onInput={(e) => set('description', e.currentTarget.value)}
              />
            </label>
            <p id="quote-description-count" className="muted counter">
              {draft.description.length}/{DESCRIPTION_MAX}
            </p>
            <Message id="quote-description-error" text={errors.description} />
            <label>
              Photos (optional, up to {MAX_PHOTOS}; JPEG, PNG or WebP, 10 MB each)
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                multiple
                disabled={draft.photos.length >= MAX_PHOTOS || uploading !== null}
                onChange={(e) => {
                  const input = e.currentTarget;
                  void addPhotos(input.files).then(() => (input.value = ''));
                }}
              />
            </label>
            {uploading && (
              <p role="status">
                Uploading {uploading.name}…{' '}
                <progress max={100} value={uploading.percent} aria-label={`Uploading ${uploading.name}`} />
              </p>
            )}
            {draft.photos.length > 0 && (
              <ul className="photos">
                {draft.photos.map((url, i) => (
                  <li key={url}>
                    <img src={url} alt={`Project photo ${i + 1}`} width={96} height={96} loading="lazy" />
                    <button type="button" className="link" onClick={() => void removePhoto(url)}>
                      Remove photo {i + 1}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}

        {step === 3 && (
          <fieldset aria-describedby={described('timeline')}>
            <legend className="visually-hidden">Timeline</legend>
            <div className="choices">
              {TIMELINES.map((t) => (
                <Choice
                  key={t.value}
                  name="timeline"
                  value={t.value}
                  chosen={draft.timeline === t.value}
                  onChoose={() => choose({ timeline: t.value })}
                >
                  <strong>{t.label}</strong> <span className="muted">{t.detail}</span>
                </Choice>
              ))}
            </div>
            <Message id="quote-timeline-error" text={errors.timeline} />
          </fieldset>
        )}

        {step === 4 && (
          <>
            <fieldset>
              <legend>Budget range</legend>
              <div className="choices">
                {BUDGET_PRESETS.map((b) => (
                  <Choice
                    key={b.label}
                    name="budget"
                    chosen={draft.budgetMin === String(b.min) && draft.budgetMax === String(b.max)}
                    onChoose={() => choose({ budgetMin: String(b.min), budgetMax: String(b.max) })}
                  >
                    {b.label}
                  </Choice>
                ))}
              </div>
            </fieldset>
            <div className="row">
              {input('Minimum budget ($)', 'budgetMin', {
                type: 'number',
                inputMode: 'numeric',
                min: 0,
                step: 100,
              })}
              {input('Maximum budget ($)', 'budgetMax', {
                type: 'number',
                inputMode: 'numeric',
                min: 0,
                step: 100,
              })}
            </div>
          </>
        )}

        {step === 5 && (
          <>
            {input('Property address', 'address', {
              type: 'text',
              autoComplete: 'street-address',
              maxLength: 255,
            })}
            {input('ZIP code', 'zipCode', {
              type: 'text',
              inputMode: 'numeric',
              autoComplete: 'postal-code',
              maxLength: 5,
            })}
            <label>
              Property type
              <select
                value={draft.propertyType}
                aria-invalid={errors.propertyType ? true : undefined}
                aria-describedby={described('propertyType')}
                onChange={(e) => set('propertyType', e.currentTarget.value as QuoteDraft['propertyType'])}
              >
                <option value="">Choose…</option>
                {PROPERTY_TYPES.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </label>
            <Message id="quote-propertyType-error" text={errors.propertyType} />
          </>
        )}

        {step === 6 && (
          <>
            {input('Full name', 'name', { type: 'text', autoComplete: 'name', maxLength: 100 })}
            {input('Email', 'email', { type: 'email', autoComplete: 'email', maxLength: 254 })}
            {input('Phone', 'phone', { type: 'tel', autoComplete: 'tel', maxLength: 20 })}
            <fieldset aria-describedby={described('contactMethod')}>
              <legend>Preferred contact method</legend>
              <div className="choices inline">
                {CONTACT_METHODS.map((c) => (
                  <label key={c.value} className="check">
                    <input
                      type="radio"
                      name="contactMethod"
                      value={c.value}
                      checked={draft.contactMethod === c.value}
                      onChange={() => set('contactMethod', c.value)}
                    />
                    {c.label}
                  </label>
                ))}
              </div>
              <Message id="quote-contactMethod-error" text={errors.contactMethod} />
            </fieldset>
          </>
        )}

        <div className="wizard-nav">
          {step > 1 && (
            <button type="button" className="btn secondary" onClick={() => goTo(step - 1)}>
              Back
            </button>
          )}
          {step < 6 ? (
            <button type="submit" className="btn">
              Continue
            </button>
          ) : (
            <button type="submit" className="btn" disabled={busy}>
              {busy ? 'Submitting…' : 'Submit Quote Request'}
            </button>
          )}
        </div>
      </form>
      <p className="visually-hidden" aria-live="polite">
        {busy ? 'Submitting your request' : ''}
      </p>
    </div>
  );
}
