// One article's editor on the articles tab: create or edit (checked with the shared schema as
// typed; the body goes through the TRUSTED sanitiser before the site shows it) and its cover image
// upload, with its progress. Whatever was typed stays in the form when a check or the server
// refuses it.
import { useState } from 'react';
import * as z from 'zod/mini';
import { ARTICLE_LIMITS, CONTENT_MESSAGES as M } from '../../../domain/content-rules.ts';
import { ZArticleInput, type AdminArticle } from '../../../schemas/admin-content.ts';
import { api, UNEXPECTED, upload as uploadForm } from '../../shared/api.ts';
import UploadProgress, { type UploadState } from '../../shared/UploadProgress.tsx';
import { ContentField, fieldErrors, serverFieldErrors, type FieldErrors } from '../content-fields.tsx';
import { ErrorAlert, StatusLine } from '../../shared/notices.tsx';

type FormEvent = { preventDefault: () => void };

interface Draft {
  title: string;
  slug: string;
  category: string;
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  body: string;
}

const EMPTY: Draft = {
  title: '',
  slug: '',
  category: '',
  excerpt: '',
  metaTitle: '',
  metaDescription: '',
  body: '',
};

const draftOf = (a: AdminArticle): Draft => ({
  title: a.title,
  slug: a.slug,
  category: a.category,
  excerpt: a.excerpt ?? '',
  metaTitle: a.metaTitle ?? '',
  metaDescription: a.metaDescription ?? '',
  body: a.body,
});

/** A slug from a title: lowercase words joined by single hyphens. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ARTICLE_LIMITS.slug);

const FIELDS: {
  name: keyof Draft;
  label: string;
  max: number;
  rows?: number;
  required?: boolean;
  help?: string;
}[] = [
  { name: 'title', label: 'Title', max: ARTICLE_LIMITS.title, required: true },
  {
    name: 'slug',
    label: 'Slug',
    max: ARTICLE_LIMITS.slug,
    required: true,
    help: 'The address: /articles/<slug>.',
  },
  { name: 'category', label: 'Category', max: ARTICLE_LIMITS.category, required: true },
  { name: 'excerpt', label: 'Excerpt', max: ARTICLE_LIMITS.excerpt, rows: 2 },
  { name: 'metaTitle', label: 'Meta title', max: ARTICLE_LIMITS.metaTitle },
  { name: 'metaDescription', label: 'Meta description', max: ARTICLE_LIMITS.metaDescription, rows: 2 },
  {
    name: 'body',
    label: 'Body (Markdown or HTML)',
    max: ARTICLE_LIMITS.body,
    rows: 16,
    required: true,
    help: 'Headings start at level 2 (the title is the page’s only H1).',
  },
];

function CoverUpload(props: { article: AdminArticle; onDone: (article: AdminArticle) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadState | null>(null);
  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Choose an image first.');
    setProgress({ name: file.name, percent: 0 });
    setError(null);
    const form = new FormData();
    form.set('file', file);
    const answer = await uploadForm<{ article?: AdminArticle }>(
      `/api/admin/content/articles/${props.article.id}/cover`,
      form,
      { onProgress: (percent) => setProgress({ name: file.name, percent }) },
    );
    setProgress(null);
    if (!answer.ok || !answer.body.article) return setError(answer.body.error ?? UNEXPECTED);
    props.onDone(answer.body.article);
  };
  return (
    <form className="admin-editor" onSubmit={(e) => void upload(e)}>
      <fieldset>
        <legend>Cover image</legend>
        {props.article.coverImageUrl ? (
          <img src={props.article.coverImageUrl} alt="The current cover" width={320} height={180} />
        ) : (
          <p className="muted">No cover image yet.</p>
        )}
        <label>
          JPEG, PNG or WebP, at most 10 MB
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </label>
        <UploadProgress upload={progress} />
        <ErrorAlert>{error}</ErrorAlert>
        <div className="admin-actions">
          <button className="btn secondary" type="submit" disabled={progress !== null}>
            Upload cover image
          </button>
        </div>
      </fieldset>
    </form>
  );
}

export default function ArticleEditor(props: {
  article: AdminArticle | null;
  onSaved: (article: AdminArticle, created: boolean) => void;
  onClose: () => void;
}) {
  const [article, setArticle] = useState<AdminArticle | null>(props.article);
  const [draft, setDraft] = useState<Draft>(props.article ? draftOf(props.article) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (name: keyof Draft, value: string) =>
    setDraft((d) => {
      const next = { ...d, [name]: value };
      // A new article's slug follows its title until the slug is typed.
      if (name === 'title' && !article && d.slug === slugOf(d.title)) next.slug = slugOf(value);
      return next;
    });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setFailure(null);
    const result = z.safeParse(ZArticleInput, draft);
    if (!result.success) {
      setErrors(fieldErrors(result.error));
      return setFailure('Please correct the fields marked below.');
    }
    setErrors({});
    setBusy(true);
    const answer = await api<{ article: AdminArticle }>(
      'POST',
      article ? `/api/admin/content/articles/${article.id}` : '/api/admin/content/articles',
      draft,
    );
    setBusy(false);
    if (!answer.ok) {
      setErrors(serverFieldErrors(answer.body.fields));
      return setFailure(answer.body.error ?? UNEXPECTED);
    }
    const saved = answer.body.article;
    setArticle(saved);
    setDraft(draftOf(saved));
    props.onSaved(saved, !article);
    setMessage(
      saved.status === 'published'
        ? 'Saved. The change goes live with the next publish.'
        : 'Saved as a draft. Publish it from the list when it is ready.',
    );
  };

  return (
    <div>
      <h2>{article ? `Edit “${article.title}”` : 'New article'}</h2>
      <form className="admin-editor" onSubmit={(e) => void save(e)} noValidate>
        {FIELDS.map((f) => (
          <ContentField
            key={f.name}
            label={f.label}
            value={draft[f.name]}
            max={f.max}
            {...(f.rows ? { rows: f.rows } : {})}
            {...(f.help ? { help: f.help } : {})}
            required={f.required ?? false}
            error={errors[f.name]}
            onValue={(v) => set(f.name, v)}
          />
        ))}
        <ErrorAlert>{failure}</ErrorAlert>
        <StatusLine>{message}</StatusLine>
        <div className="admin-actions">
          <button type="submit" className="btn" disabled={busy}>
            {article ? 'Save article' : 'Create draft'}
          </button>
          <button type="button" className="btn secondary" onClick={props.onClose}>
            Close
          </button>
        </div>
      </form>
      {article ? (
        <CoverUpload
          article={article}
          onDone={(updated) => {
            setArticle(updated);
            props.onSaved(updated, false);
            setMessage('Cover image saved.');
          }}
        />
      ) : (
        <p className="muted">{M.coverRequired}</p>
      )}
    </div>
  );
}
