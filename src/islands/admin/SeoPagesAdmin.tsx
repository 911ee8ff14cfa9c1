// The SEO pages tab of /admin/content: the pages by slug (25 a page, more by keyset), searched by
// service or city; one page's copy edited (title, meta description, H1, intro, the three sections,
// the FAQ), checked with the shared schema as typed, previewed as the public page would be built
// with it (nothing saved), and saved. Whatever was typed stays in the form when a check or the
// server refuses it.
import { useId, useState } from 'react';
import * as z from 'zod/mini';
import { CONTENT_MESSAGES as M, SEO_LIMITS } from '../../domain/content-rules.ts';
import {
  ZSeoPageEdit,
  type AdminSeoPage,
  type AdminSeoPageSummary,
  type AdminSeoPageSummaryPage,
  type SeoPagePreview,
} from '../../schemas/admin-content.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { ContentField, fieldErrors, serverFieldErrors, type FieldErrors } from './content-fields.tsx';
import { useKeysetList } from './use-keyset-list.ts';

type FormEvent = { preventDefault: () => void };

interface Draft {
  titleTag: string;
  metaDescription: string;
  h1Heading: string;
  introContent: string;
  serviceOverview: string;
  localInsights: string;
  pricingGuide: string;
  faqContent: { question: string; answer: string }[];
}

const draftOf = (p: AdminSeoPage): Draft => ({
  titleTag: p.titleTag ?? '',
  metaDescription: p.metaDescription ?? '',
  h1Heading: p.h1Heading ?? '',
  introContent: p.introContent ?? '',
  serviceOverview: p.serviceOverview ?? '',
  localInsights: p.localInsights ?? '',
  pricingGuide: p.pricingGuide ?? '',
  faqContent: p.faqContent.map((f) => ({ ...f })),
});

const TEXT_FIELDS: { name: Exclude<keyof Draft, 'faqContent'>; label: string; max: number; rows?: number }[] =
  [
    { name: 'titleTag', label: 'Title tag', max: SEO_LIMITS.title },
    { name: 'metaDescription', label: 'Meta description', max: SEO_LIMITS.metaDescription, rows: 3 },
    { name: 'h1Heading', label: 'H1 heading', max: SEO_LIMITS.h1 },
    { name: 'introContent', label: 'Intro', max: SEO_LIMITS.intro, rows: 4 },
    { name: 'serviceOverview', label: 'Service Overview', max: SEO_LIMITS.section, rows: 6 },
    { name: 'localInsights', label: 'Local Insights', max: SEO_LIMITS.section, rows: 6 },
    { name: 'pricingGuide', label: 'Pricing Guide', max: SEO_LIMITS.section, rows: 6 },
  ];

/** The page's main content as the public city-service page lays it out. */
function Preview(props: { preview: SeoPagePreview }) {
  const { preview } = props;
  return (
    <section className="admin-preview" aria-label={`Preview of ${preview.path}`}>
      <p className="muted">
        Preview of <strong>{preview.path}</strong>: title “{preview.title}”; meta description “
        {preview.description}”.
      </p>
      <h1>{preview.h1}</h1>
      <p className="lead">{preview.intro}</p>
      <div className="prose">
        <h2>Service Overview</h2>
        {preview.overview.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        <h2>Local Insights</h2>
        {preview.localInsights.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        <h2>Pricing Guide</h2>
        {preview.pricing.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        <h2>Frequently Asked Questions</h2>
        <dl className="faq">
          {preview.faq.map((f, i) => (
            <div key={i}>
              <dt>{f.question}</dt>
              <dd>{f.answer}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function Editor(props: { page: AdminSeoPage; onSaved: (page: AdminSeoPage) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.page));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<SeoPagePreview | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (name: Exclude<keyof Draft, 'faqContent'>, value: string) =>
    setDraft((d) => ({ ...d, [name]: value }));
  const setFaq = (index: number, part: 'question' | 'answer', value: string) =>
    setDraft((d) => ({
      ...d,
      faqContent: d.faqContent.map((f, i) => (i === index ? { ...f, [part]: value } : f)),
    }));

  /** Checked with the shared schema; null (and the messages shown) when it fails. */
  const checked = () => {
    const result = z.safeParse(ZSeoPageEdit, draft);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(fieldErrors(result.error));
    setFailure('Please correct the fields marked below.');
    return null;
  };

  const send = async (kind: 'preview' | 'save') => {
    setMessage(null);
    setFailure(null);
    if (!checked()) return;
    setBusy(true);
    const path = `/api/admin/content/seo-pages/${props.page.slug}${kind === 'preview' ? '/preview' : ''}`;
    const answer = await api<{ preview: SeoPagePreview; page: AdminSeoPage }>('POST', path, draft);
    setBusy(false);
    if (!answer.ok) {
      setErrors(serverFieldErrors(answer.body.fields));
      return setFailure(answer.body.error ?? UNEXPECTED);
    }
    if (kind === 'preview') {
      setPreview(answer.body.preview);
      return setMessage('Preview updated. Nothing is saved yet.');
    }
    setDraft(draftOf(answer.body.page));
    props.onSaved(answer.body.page);
    setMessage(`Saved ${props.page.slug}. It goes live with the next publish.`);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    void send('save');
  };

  return (
    <div>
      <h2>
        Edit /{props.page.slug} ({props.page.service} in {props.page.city})
      </h2>
      <form className="admin-editor" onSubmit={save} noValidate>
        {TEXT_FIELDS.map((f) => (
          <ContentField
            key={f.name}
            label={f.label}
            value={draft[f.name]}
            max={f.max}
            {...(f.rows ? { rows: f.rows } : {})}
            error={errors[f.name]}
            onValue={(v) => set(f.name, v)}
          />
        ))}
        <fieldset>
          <legend>FAQ (empty: the page's generated questions)</legend>
          {errors['faqContent'] && <p className="error">{errors['faqContent']}</p>}
          {draft.faqContent.map((f, i) => (
            <div key={i} className="admin-editor">
              <ContentField
                label={`Question ${i + 1}`}
                value={f.question}
                max={SEO_LIMITS.question}
                error={errors[`faqContent.${i}.question`]}
                onValue={(v) => setFaq(i, 'question', v)}
              />
              <ContentField
                label={`Answer ${i + 1}`}
                value={f.answer}
                max={SEO_LIMITS.answer}
                rows={3}
                error={errors[`faqContent.${i}.answer`]}
                onValue={(v) => setFaq(i, 'answer', v)}
              />
              <button
                type="button"
                className="btn secondary"
                onClick={() =>
                  setDraft((d) => ({ ...d, faqContent: d.faqContent.filter((_, j) => j !== i) }))
                }
              >
                Remove question {i + 1}
              </button>
            </div>
          ))}
          {draft.faqContent.length < SEO_LIMITS.faqEntries && (
            <button
              type="button"
              className="btn secondary"
              onClick={() =>
                setDraft((d) => ({ ...d, faqContent: [...d.faqContent, { question: '', answer: '' }] }))
              }
            >
              Add a question
            </button>
          )}
        </fieldset>
        {failure && (
          <p className="error" role="alert">
            {failure}
          </p>
        )}
        <p role="status" aria-live="polite">
          {message}
        </p>
        <div className="admin-actions">
          <button
            type="button"
            className="btn secondary"
            disabled={busy}
            onClick={() => void send('preview')}
          >
            Preview
          </button>
          <button type="submit" className="btn" disabled={busy}>
            Save
          </button>
          <button type="button" className="btn secondary" onClick={props.onClose}>
            Close
          </button>
        </div>
      </form>
      {preview && <Preview preview={preview} />}
    </div>
  );
}

export default function SeoPagesAdmin() {
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const list = useKeysetList(
    '/api/admin/content/seo-pages',
    { q },
    (page: AdminSeoPageSummaryPage) => page.pages,
  );
  const { rows: pages, setRows, cursor, loading, more } = list;
  const [editing, setEditing] = useState<AdminSeoPage | null>(null);
  const [error, setError] = useState<string | null>(null);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  const open = async (summary: AdminSeoPageSummary) => {
    setError(null);
    const answer = await api<{ page: AdminSeoPage }>('GET', `/api/admin/content/seo-pages/${summary.slug}`);
    if (!answer.ok) return setError(answer.body.error ?? UNEXPECTED);
    setEditing(answer.body.page);
  };

  if (editing) {
    return (
      <Editor
        key={editing.slug}
        page={editing}
        onSaved={(saved) =>
          setRows((rows) =>
            rows.map((r) =>
              r.slug === saved.slug
                ? {
                    ...r,
                    id: saved.id,
                    titleTag: saved.titleTag,
                    h1Heading: saved.h1Heading,
                    updatedAt: saved.updatedAt,
                  }
                : r,
            ),
          )
        }
        onClose={() => setEditing(null)}
      />
    );
  }

  return (
    <div>
      <form className="admin-filters" role="search" onSubmit={search}>
        <label htmlFor={searchId}>
          Search by service or city
          <input
            id={searchId}
            type="search"
            maxLength={100}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <button className="btn" type="submit">
          Search
        </button>
      </form>
      {(error ?? list.error) && <p role="alert">{error ?? list.error}</p>}
      {!loading && pages.length === 0 ? (
        <p className="muted">{M.noSeoPages}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">H1</th>
              <th scope="col">Last changed</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((p) => (
              <tr key={p.slug}>
                <td>/{p.slug}</td>
                <td>{p.h1Heading ?? <span className="muted">(generated)</span>}</td>
                <td>
                  {p.updatedAt ? (
                    new Date(p.updatedAt).toLocaleDateString('en-US')
                  ) : (
                    <span className="muted">never edited</span>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="btn secondary"
                    aria-label={`Edit /${p.slug}`}
                    onClick={() => void open(p)}
                  >
                    Edit
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cursor && (
        <button type="button" className="btn secondary" disabled={loading} onClick={() => void more()}>
          Load more
        </button>
      )}
      {loading && <p className="muted">Loading…</p>}
    </div>
  );
}
