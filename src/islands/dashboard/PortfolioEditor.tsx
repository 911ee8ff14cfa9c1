// The Profile tab's portfolio: past jobs with a photo, a title and a description, in the order the
// contractor puts them (Move up, Move down), each editable and removable (after a confirmation),
// and a form to add one. Through /api/contractor/portfolio; every change is public after the next
// publish. Focus follows the change: to the job added, edited or moved, to the list after a removal.
import { useEffect, useId, useRef, useState } from 'react';
import { PORTFOLIO_MESSAGES as M, PORTFOLIO_MAX_ITEMS } from '../../domain/portfolio-rules.ts';
import { PROFILE_MESSAGES } from '../../domain/profile-rules.ts';
import type { PortfolioAnswer, PortfolioItem } from '../../schemas/portfolio.ts';
import { pushError, pushToast } from '../../stores/toasts.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { api, UNEXPECTED } from '../shared/api.ts';
import { useRead } from '../shared/query.tsx';
import PortfolioItemForm from './PortfolioItemForm.tsx';
import { ErrorAlert } from '../shared/notices.tsx';

type Editing = { kind: 'add' } | { kind: 'edit'; id: string } | null;

export default function PortfolioEditor(props: { businessName: string; onChanged: () => void }) {
  const id = useId();
  const [portfolio, putPortfolio] = useRead<PortfolioAnswer>('/api/contractor/portfolio');
  const items = portfolio.data?.items ?? null;
  const failed = portfolio.isError;
  const setItems = (next: PortfolioItem[]) => putPortfolio({ items: next });
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<PortfolioItem | null>(null);
  const [busy, setBusy] = useState(false);
  const focusNext = useRef<string | null>(null);

  // Focus where the change is, once it is drawn.
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [items, editing]);

  const changed = (next: PortfolioItem[], focus: string, toast: string) => {
    focusNext.current = focus;
    setItems(next);
    setEditing(null);
    props.onChanged();
    pushToast({ title: toast, description: PROFILE_MESSAGES.publishNote });
  };

  const move = async (index: number, step: -1 | 1) => {
    // The move buttons stay enabled while a move is saved (focus stays on them); one at a time.
    if (!items || busy) return;
    const order = [...items];
    const [item] = order.splice(index, 1);
    order.splice(index + step, 0, item!);
    const previous = items;
    // The move shows at once; a refusal puts the list back.
    const landsAt = index + step;
    const direction = landsAt === 0 ? 'down' : landsAt === order.length - 1 ? 'up' : step < 0 ? 'up' : 'down';
    focusNext.current = `${id}-${direction}-${item!.id}`;
    setItems(order);
    setBusy(true);
    const answer = await api<PortfolioAnswer>('PUT', '/api/contractor/portfolio/order', {
      ids: order.map((i) => i.id),
    });
    setBusy(false);
    if (!answer.ok) {
      setItems(previous);
      pushError(M.saveFailed, answer.body.error ?? UNEXPECTED);
      return;
    }
    setItems(answer.body.items);
    props.onChanged();
    pushToast({ title: M.moved, description: `${item!.title} is now number ${landsAt + 1}.` });
  };

  const remove = async (item: PortfolioItem) => {
    setBusy(true);
    const answer = await api<PortfolioAnswer>('DELETE', `/api/contractor/portfolio/${item.id}`);
    setBusy(false);
    setRemoving(null);
    if (!answer.ok) {
      pushError(M.saveFailed, answer.body.error ?? UNEXPECTED);
      return;
    }
    changed(answer.body.items, `${id}-h`, M.removed);
  };

  if (failed) {
    return (
      <section aria-labelledby={`${id}-h`} className="portfolio">
        <h3 id={`${id}-h`}>Portfolio</h3>
        <ErrorAlert>{M.loadFailed}</ErrorAlert>
      </section>
    );
  }
  return (
    <section aria-labelledby={`${id}-h`} className="portfolio" aria-busy={items === null}>
      <h3 id={`${id}-h`} tabIndex={-1}>
        Portfolio
      </h3>
      <p className="muted">
        Past jobs on your public profile, in this order. Up to {PORTFOLIO_MAX_ITEMS} jobs, each with a photo.
      </p>
      {items === null ? (
        <p className="muted">Loading your portfolio…</p>
      ) : items.length === 0 ? (
        <p className="muted">No jobs in your portfolio yet.</p>
      ) : (
        <ol className="portfolio-items">
          {items.map((item, i) => (
            <li key={item.id} id={`${id}-item-${item.id}`} tabIndex={-1}>
              {editing?.kind === 'edit' && editing.id === item.id ? (
                <PortfolioItemForm
                  item={item}
                  onSaved={(next) => changed(next, `${id}-item-${item.id}`, M.saved)}
                  onCancel={() => {
                    focusNext.current = `${id}-edit-${item.id}`;
                    setEditing(null);
                  }}
                />
              ) : (
                <article className="portfolio-item" aria-labelledby={`${id}-title-${item.id}`}>
                  {item.imageUrl && (
                    <img
                      src={item.imageUrl}
                      alt={`${props.businessName}: ${item.title}`}
                      width="160"
                      height="120"
                      loading="lazy"
                    />
                  )}
                  <div className="portfolio-text">
                    <h4 id={`${id}-title-${item.id}`}>{item.title}</h4>
                    {item.description && <p>{item.description}</p>}
                  </div>
                  <div className="portfolio-actions" role="group" aria-label={`Change ${item.title}`}>
                    <button
                      type="button"
                      id={`${id}-up-${item.id}`}
                      className="btn secondary"
                      disabled={i === 0}
                      onClick={() => void move(i, -1)}
                    >
                      Move up<span className="visually-hidden">: {item.title}</span>
                    </button>
                    <button
                      type="button"
                      id={`${id}-down-${item.id}`}
                      className="btn secondary"
                      disabled={i === items.length - 1}
                      onClick={() => void move(i, 1)}
                    >
                      Move down<span className="visually-hidden">: {item.title}</span>
                    </button>
                    <button
                      type="button"
                      id={`${id}-edit-${item.id}`}
                      className="btn secondary"
                      disabled={busy}
                      onClick={() => setEditing({ kind: 'edit', id: item.id })}
                    >
                      Edit<span className="visually-hidden">: {item.title}</span>
                    </button>
                    <button
                      type="button"
                      className="btn danger"
                      disabled={busy}
                      onClick={() => setRemoving(item)}
                    >
                      Remove<span className="visually-hidden">: {item.title}</span>
                    </button>
                  </div>
                </article>
              )}
            </li>
          ))}
        </ol>
      )}
      {editing?.kind === 'add' ? (
        <PortfolioItemForm
          item={null}
          onSaved={(next) => {
            const added = next.find((n) => !items?.some((old) => old.id === n.id));
            changed(next, added ? `${id}-item-${added.id}` : `${id}-h`, M.added);
          }}
          onCancel={() => {
            focusNext.current = `${id}-add`;
            setEditing(null);
          }}
        />
      ) : (
        items !== null &&
        items.length < PORTFOLIO_MAX_ITEMS && (
          <button
            type="button"
            id={`${id}-add`}
            className="btn"
            disabled={busy}
            onClick={() => setEditing({ kind: 'add' })}
          >
            Add a job
          </button>
        )
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this job from your portfolio?"
        confirmLabel="Remove job"
        destructive
        busy={busy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing?.title} and its photo leave your portfolio for good. Your public profile shows the change
          within a few minutes.
        </p>
      </ConfirmDialog>
    </section>
  );
}
