// The reviews tab of /admin/content: every review, newest first (25 a page, more by keyset),
// filtered by where it stands and searched by business or author; hide one with a reason, or
// show it again; a review awaiting moderation shows the details its reviewer shares with the
// business, to approve or hide; a withdrawn one shows why. A failed change keeps the reason typed.
import { useId, useState } from 'react';
import {
  CONTENT_MESSAGES as M,
  HIDE_REASON_MAX,
  REVIEW_STATUS_LABELS,
  type ReviewFilter,
} from '../../domain/content-rules.ts';
import type { AdminReview, AdminReviewPage } from '../../schemas/admin-content.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { formatDate } from '../../domain/format.ts';
import type { Column } from './kit/AdminTable.tsx';
import KeysetTable from './kit/KeysetTable.tsx';
import ReasonForm from './kit/ReasonForm.tsx';
import SearchForm from './kit/SearchForm.tsx';
import { useKeysetList } from './kit/use-keyset-list.ts';
import { withQueries } from '../shared/query.tsx';
import { StatusLine } from '../shared/notices.tsx';
import RowButton from './kit/RowButton.tsx';

function ReviewsAdmin() {
  const showId = useId();
  const [q, setQ] = useState('');
  const [show, setShow] = useState<ReviewFilter>('all');
  const list = useKeysetList(
    '/api/admin/content/reviews',
    { q, show },
    (page: AdminReviewPage) => page.reviews,
  );
  const { setRows } = list;
  const [hiding, setHiding] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const search = (next: string) => {
    setMessage(null);
    setQ(next);
  };

  const change = async (review: AdminReview, body: { hidden: boolean; reason?: string }) => {
    if (body.hidden && !body.reason?.trim()) return setFormError(M.reasonRequired);
    if (body.hidden && (body.reason ?? '').trim().length > HIDE_REASON_MAX)
      return setFormError(M.tooLong('The reason', HIDE_REASON_MAX));
    setBusy(review.id);
    setMessage(null);
    setFormError(null);
    const answer = await api<{ review: AdminReview }>(
      'POST',
      `/api/admin/content/reviews/${review.id}/visibility`,
      body,
    );
    setBusy(null);
    if (!answer.ok) {
      const error = answer.body.error ?? UNEXPECTED;
      return body.hidden ? setFormError(error) : setMessage(error);
    }
    setRows((rows) => rows.map((r) => (r.id === review.id ? answer.body.review : r)));
    setHiding(null);
    setMessage(
      review.status === 'moderation'
        ? `Review by ${review.authorName} hidden. It never appears on the site.`
        : body.hidden
          ? `Review by ${review.authorName} hidden. It leaves the site with the next publish.`
          : `Review by ${review.authorName} shown again. It returns to the site with the next publish.`,
    );
  };

  const approve = async (review: AdminReview) => {
    setBusy(review.id);
    setMessage(null);
    const answer = await api<{ review: AdminReview }>(
      'POST',
      `/api/admin/content/reviews/${review.id}/approve`,
      {},
    );
    setBusy(null);
    if (!answer.ok) return setMessage(answer.body.error ?? UNEXPECTED);
    setRows((rows) => rows.map((r) => (r.id === review.id ? answer.body.review : r)));
    setMessage(`Review by ${review.authorName} approved. It appears on the site with the next publish.`);
  };

  const hideButton = (review: AdminReview) => (
    <RowButton
      name={`Hide the review by ${review.authorName} of ${review.businessName}`}
      onPress={() => {
        setHiding(review.id);
        setFormError(null);
      }}
    >
      Hide
    </RowButton>
  );

  const actions = (review: AdminReview) =>
    review.status === 'withdrawn' ? (
      <span className="muted">No action: its lead was refunded.</span>
    ) : review.status === 'moderation' && hiding !== review.id ? (
      <div className="admin-actions">
        <button
          type="button"
          className="btn"
          disabled={busy === review.id}
          aria-label={`Approve the review by ${review.authorName} of ${review.businessName}`}
          onClick={() => void approve(review)}
        >
          Approve
        </button>
        {hideButton(review)}
      </div>
    ) : review.status === 'hidden' ? (
      <RowButton
        name={`Show the review by ${review.authorName} of ${review.businessName}`}
        disabled={busy === review.id}
        onPress={() => void change(review, { hidden: false })}
      >
        Show
      </RowButton>
    ) : hiding === review.id ? (
      <ReasonForm
        label={`Reason for hiding the review by ${review.authorName}`}
        submitLabel="Hide review"
        required={false}
        busy={busy === review.id}
        error={formError}
        onSubmit={(reason) => void change(review, { hidden: true, reason })}
        onCancel={() => {
          setHiding(null);
          setFormError(null);
        }}
      />
    ) : (
      hideButton(review)
    );

  const columns: Column<AdminReview>[] = [
    {
      label: 'Business',
      kind: 'title',
      cell: (review) => <a href={`/contractor/${review.businessSlug}`}>{review.businessName}</a>,
    },
    {
      label: 'Review',
      cell: (review) => (
        <div className="admin-review-text">
          <strong>
            {review.rating} of 5 by {review.authorName}
          </strong>
          {review.title && <> · {review.title}</>}
          <br />
          {review.content}
          <br />
          <span className="muted">
            <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            {review.verified ? ' · verified' : ' · not verified'}
          </span>
        </div>
      ),
    },
    {
      label: 'Status',
      cell: (review) => (
        <>
          {REVIEW_STATUS_LABELS[review.status]}
          {review.status === 'moderation' ? (
            <ul className="admin-signals" aria-label={`Why the review by ${review.authorName} waits`}>
              {review.signals.map((signal) => (
                <li key={signal.detail}>{signal.detail}</li>
              ))}
            </ul>
          ) : (
            review.hiddenReason && (
              <>
                <br />
                <span className="muted">{review.hiddenReason}</span>
              </>
            )
          )}
        </>
      ),
    },
    { label: 'Actions', kind: 'actions', cell: actions },
  ];

  return (
    <div>
      <SearchForm label="Search by business or author" onSearch={search}>
        <label htmlFor={showId}>
          Show
          <select id={showId} value={show} onChange={(e) => setShow(e.target.value as ReviewFilter)}>
            <option value="all">All reviews</option>
            <option value="visible">Shown</option>
            <option value="hidden">Hidden</option>
            <option value="moderation">Awaiting moderation</option>
            <option value="withdrawn">Withdrawn</option>
          </select>
        </label>
      </SearchForm>
      <StatusLine>{message}</StatusLine>
      <KeysetTable
        list={list}
        caption="Reviews, newest first"
        columns={columns}
        rowKey={(review) => review.id}
        empty={M.noReviews}
        more="Show more reviews"
      />
    </div>
  );
}

/** The island, with its own query client. */
export default withQueries(ReviewsAdmin);
