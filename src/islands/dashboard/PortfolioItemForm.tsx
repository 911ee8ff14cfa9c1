// Adding a job to the portfolio, or editing one: title, description and a photo (required to add;
// to edit, a new one replaces the old). Checked with the shared schema before it is sent as
// multipart to /api/contractor/portfolio (add) or /api/contractor/portfolio/:id (edit), the photo's
// progress shown while it goes up; a refusal is shown on its field, which takes the focus.
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import {
  PORTFOLIO_DESCRIPTION_MAX,
  PORTFOLIO_MESSAGES as M,
  PORTFOLIO_TITLE_MAX,
} from '../../domain/portfolio-rules.ts';
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '../../domain/quote-rules.ts';
import { ZPortfolioText, type PortfolioItem } from '../../schemas/portfolio.ts';
import { UNEXPECTED, upload } from '../shared/api.ts';
import UploadProgress, { type UploadState } from '../shared/UploadProgress.tsx';

type FieldName = 'title' | 'description' | 'file';

export default function PortfolioItemForm(props: {
  /** The item edited, or null to add one. */
  item: PortfolioItem | null;
  onSaved: (items: PortfolioItem[]) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { item } = props;
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<UploadState | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const fieldId = (name: FieldName) => `${id}-${name}`;

  useEffect(() => {
    document.getElementById(`${id}-title`)?.focus();
  }, [id]);

  const refuse = (fields: Partial<Record<FieldName, string>>, general: string | null) => {
    setErrors(fields);
    setFormError(general);
    requestAnimationFrame(() => {
      const first = (['title', 'description', 'file'] as const).find((name) => fields[name]);
      (first ? document.getElementById(fieldId(first)) : formErrorRef.current)?.focus();
    });
  };

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    const fields: Partial<Record<FieldName, string>> = {};
    const parsed = ZPortfolioText.safeParse({ title, description });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        fields[name] ??= issue.message;
      }
    }
    const photo = file.current?.files?.[0] ?? null;
    if (!photo && !item) fields.file = M.photoRequired;
    else if (photo && !(PHOTO_TYPES as readonly string[]).includes(photo.type)) fields.file = M.invalidType;
    else if (photo && photo.size > MAX_PHOTO_BYTES) fields.file = M.tooLarge;
    if (Object.keys(fields).length || !parsed.success) {
      refuse(fields, null);
      return;
    }
    const form = new FormData();
    form.set('title', parsed.data.title);
    form.set('description', parsed.data.description);
    if (photo) form.set('file', photo);
    setBusy(true);
    if (photo) setProgress({ name: photo.name, percent: 0 });
    const answer = await upload<{ items: PortfolioItem[] }>(
      `/api/contractor/portfolio${item ? `/${item.id}` : ''}`,
      form,
      photo ? { onProgress: (percent) => setProgress({ name: photo.name, percent }) } : {},
    );
    setBusy(false);
    setProgress(null);
    if (!answer.ok) {
      const { body, status } = answer;
      const server: Partial<Record<FieldName, string>> = {};
      for (const [key, messages] of Object.entries(body.fields ?? {})) {
        if (key === 'title' || key === 'description' || key === 'file')
          server[key] = messages[0] ?? UNEXPECTED;
      }
      // A photo the server refused by its content or size is the photo field's.
      if (status === 415 || status === 413) server.file = body.error ?? M.invalidType;
      // A network failure (status 0) has no message of its own: the upload's is said.
      const general = Object.keys(server).length
        ? null
        : `${M.saveFailed} ${body.error && status < 500 ? body.error : M.uploadFailed}`;
      refuse(server, general);
      return;
    }
    props.onSaved(answer.body.items);
  };

  const describedBy = (name: FieldName, help?: string) =>
    [errors[name] ? `${fieldId(name)}-error` : null, help ?? null].filter(Boolean).join(' ') || undefined;
  const error = (name: FieldName) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  const heading = item ? `Edit ${item.title}` : 'Add a job to your portfolio';
  return (
    <form className="portfolio-form card" onSubmit={(e) => void save(e)} noValidate aria-label={heading}>
      <h4>{heading}</h4>
      <div role="alert">
        {formError && (
          <p className="error" ref={formErrorRef} tabIndex={-1}>
            {formError}
          </p>
        )}
      </div>
      <label htmlFor={fieldId('title')}>Job title</label>
      <input
        id={fieldId('title')}
        type="text"
        value={title}
        maxLength={PORTFOLIO_TITLE_MAX}
        aria-invalid={errors.title ? true : undefined}
        aria-describedby={describedBy('title')}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
      {error('title')}
      <label htmlFor={fieldId('description')}>Job description</label>
      <textarea
        id={fieldId('description')}
        rows={3}
        value={description}
        maxLength={PORTFOLIO_DESCRIPTION_MAX}
        aria-invalid={errors.description ? true : undefined}
        aria-describedby={describedBy('description')}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
      {error('description')}
      <label htmlFor={fieldId('file')}>{item ? 'Replace the photo (optional)' : 'Photo of the job'}</label>
      <input
        id={fieldId('file')}
        ref={file}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        aria-invalid={errors.file ? true : undefined}
        aria-describedby={describedBy('file', `${fieldId('file')}-help`)}
      />
      <p id={`${fieldId('file')}-help`} className="muted">
        JPEG, PNG or WebP, up to 10 MB.
      </p>
      {error('file')}
      <UploadProgress upload={progress} />
      <div className="form-actions">
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Saving…' : item ? 'Save job' : 'Add job'}
        </button>
        <button type="button" className="btn secondary" onClick={props.onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
