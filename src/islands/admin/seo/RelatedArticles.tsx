// The related articles of an SEO page, chosen by an admin: up to the page's shown count of
// published articles, added from a list, moved up and down, removed, and saved. The page shows
// them first, in this order; with none chosen it shows the latest articles of its service and city.
import { useId, useState } from 'react';
import type { AdminRelatedArticle } from '../../../schemas/admin-content.ts';
import RowButton from '../kit/RowButton.tsx';

export default function RelatedArticles(props: {
  /** The chosen articles' ids, in order (the draft: saved with "Save related articles"). */
  ids: string[];
  choices: AdminRelatedArticle[];
  /** Chosen articles that are no longer in the choices (unpublished since), to name them. */
  known: AdminRelatedArticle[];
  limit: number;
  busy: boolean;
  onChange: (ids: string[]) => void;
  onSave: () => void;
}) {
  const pickId = useId();
  const [pick, setPick] = useState('');
  const byId = new Map([...props.known, ...props.choices].map((a) => [a.id, a]));
  const { ids, onChange } = props;
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  const open = props.choices.filter((a) => !ids.includes(a.id));
  const full = ids.length >= props.limit;
  return (
    <fieldset className="admin-related">
      <legend>Related articles (up to {props.limit}, shown in this order)</legend>
      {ids.length === 0 ? (
        <p className="muted">None chosen: the page shows the latest articles for its service and city.</p>
      ) : (
        <ol>
          {ids.map((id, i) => {
            const article = byId.get(id);
            const title = article?.title ?? 'An article no longer published';
            return (
              <li key={id}>
                <span>
                  {title}
                  {article && article.status !== 'published' && (
                    <span className="muted"> (not published)</span>
                  )}
                </span>
                <span className="admin-actions">
                  <RowButton name={`Move “${title}” up`} disabled={i === 0} onPress={() => move(i, -1)}>
                    Up
                  </RowButton>
                  <RowButton
                    name={`Move “${title}” down`}
                    disabled={i === ids.length - 1}
                    onPress={() => move(i, 1)}
                  >
                    Down
                  </RowButton>
                  <RowButton name={`Remove “${title}”`} onPress={() => onChange(ids.filter((x) => x !== id))}>
                    Remove
                  </RowButton>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className="admin-filters">
        <label htmlFor={pickId}>
          Add a published article
          <select id={pickId} value={pick} disabled={full} onChange={(e) => setPick(e.target.value)}>
            <option value="">{full ? `${props.limit} chosen: remove one first` : 'Choose an article'}</option>
            {open.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn secondary"
          disabled={full || !pick}
          onClick={() => {
            onChange([...ids, pick]);
            setPick('');
          }}
        >
          Add article
        </button>
      </div>
      <div className="admin-actions">
        <button type="button" className="btn" disabled={props.busy} onClick={props.onSave}>
          Save related articles
        </button>
      </div>
    </fieldset>
  );
}
