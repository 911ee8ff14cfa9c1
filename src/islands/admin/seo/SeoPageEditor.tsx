// One SEO page's editor: its copy (title, meta description, H1, intro, the three sections, the
// FAQ), checked with the shared schema as typed, and its related articles (RelatedArticles);
// previewed as the public page would be built with both (nothing saved), and saved. Whatever was
// typed stays in the form when a check or the server refuses it.
import { useState } from 'react';
import * as z from 'zod/mini';
import { SEO_LIMITS } from '../../../domain/content-rules.ts';
import {
  ZSeoPageEdit,
  type AdminSeoPage,
  type SeoPageArticles,
  type SeoPagePreview,
} from '../../../schemas/admin-content.ts';
import { api, UNEXPECTED } from '../../shared/api.ts';
import { ContentField, fieldErrors, serverFieldErrors, type FieldErrors } from '../content-fields.tsx';
import RelatedArticles from './RelatedArticles.tsx';
import SeoPreview from './SeoPreview.tsx';
import { ErrorAlert, StatusLine } from '../../shared/notices.tsx';

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

export default function SeoPageEditor(props: {
  page: AdminSeoPage;
  related: SeoPageArticles;
  onSaved: (page: AdminSeoPage) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.page));
  const [related, setRelated] = useState<SeoPageArticles>(props.related);
  const [articleIds, setArticleIds] = useState<string[]>(() => props.related.chosen.map((a) => a.id));
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
    const body = kind === 'preview' ? { ...draft, articleIds } : draft;
    const answer = await api<{ preview: SeoPagePreview; page: AdminSeoPage }>('POST', path, body);
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

  const saveArticles = async () => {
    setMessage(null);
    setFailure(null);
    setBusy(true);
    const answer = await api<{ related: SeoPageArticles }>(
      'POST',
      `/api/admin/content/seo-pages/${props.page.slug}/articles`,
      { articleIds },
    );
    setBusy(false);
    if (!answer.ok) {
      setErrors(serverFieldErrors(answer.body.fields));
      return setFailure(answer.body.error ?? UNEXPECTED);
    }
    setRelated(answer.body.related);
    setArticleIds(answer.body.related.chosen.map((a) => a.id));
    setMessage(`Related articles of ${props.page.slug} saved. They go live with the next publish.`);
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
        <RelatedArticles
          ids={articleIds}
          choices={related.choices}
          known={related.chosen}
          limit={related.limit}
          busy={busy}
          onChange={setArticleIds}
          onSave={() => void saveArticles()}
        />
        {errors['articleIds'] && <p className="error">{errors['articleIds']}</p>}
        <ErrorAlert>{failure}</ErrorAlert>
        <StatusLine>{message}</StatusLine>
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
      {preview && <SeoPreview preview={preview} />}
    </div>
  );
}
