// The admin contractors page: the PENDING queue (approve, or reject with a reason mailed to the
// applicant), listing claims (whether the claimant proved the listing by a code; approve, a claim
// nobody confirmed only after a second, explicit confirmation; or reject with a reason), and the
// listed businesses (search; feature, suspend, record a licence check). Lists are keyset paged
// ("Show more").
import { useId, useState } from 'react';

type FormEvent = { preventDefault: () => void };
import { CONTRACTOR_ADMIN_MESSAGES as M, REJECTION_REASON_MAX } from '../../domain/admin-rules.ts';
import { confirmationText } from '../../domain/claim-rules.ts';
import type {
  AdminBusiness,
  AdminClaim,
  AdminContractorPage,
  TAdminContractorQuery,
} from '../../schemas/admin.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { useKeysetList } from './use-keyset-list.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';

type List = TAdminContractorQuery['list'];
const PATH = '/api/admin/contractors';

const STATUS_LABEL: Record<AdminBusiness['status'], string> = {
  ACTIVE: 'Active',
  PENDING: 'Pending',
  REJECTED: 'Rejected',
  SUSPENDED: 'Suspended',
};

/** A reason form (required, length-limited) for a rejection. */
function ReasonForm(props: {
  subject: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) props.onSubmit(reason.trim());
  };
  return (
    <form className="admin-inline-form" onSubmit={submit}>
      <label htmlFor={id}>Reason for rejecting {props.subject} (mailed to the applicant)</label>
      <textarea
        id={id}
        required
        maxLength={REJECTION_REASON_MAX}
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="admin-actions">
        <button className="btn" type="submit" disabled={props.busy || !reason.trim()}>
          Send rejection
        </button>
        <button className="btn secondary" type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The licence check form: number, issuing board, day checked, source. */
function LicenceForm(props: {
  business: AdminBusiness;
  busy: boolean;
  onSubmit: (body: { number: string; board: string; checkedOn: string; source: string }) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const today = new Date().toISOString().slice(0, 10);
  const [number, setNumber] = useState(props.business.licence?.number ?? '');
  const [board, setBoard] = useState(props.business.licence?.board ?? '');
  const [checkedOn, setCheckedOn] = useState(props.business.licence?.checkedOn ?? today);
  const [source, setSource] = useState(props.business.licence?.source ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit({ number, board, checkedOn, source });
  };
  return (
    <form className="admin-inline-form" onSubmit={submit} aria-label={`Licence of ${props.business.name}`}>
      <label htmlFor={`${id}-n`}>Licence number</label>
      <input
        id={`${id}-n`}
        required
        maxLength={60}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
      />
      <label htmlFor={`${id}-b`}>Issuing board</label>
      <input
        id={`${id}-b`}
        required
        maxLength={120}
        value={board}
        onChange={(e) => setBoard(e.target.value)}
      />
      <label htmlFor={`${id}-d`}>Date checked</label>
      <input
        id={`${id}-d`}
        type="date"
        required
        max={today}
        value={checkedOn}
        onChange={(e) => setCheckedOn(e.target.value)}
      />
      <label htmlFor={`${id}-s`}>Source (where it was checked)</label>
      <input
        id={`${id}-s`}
        required
        maxLength={300}
        value={source}
        onChange={(e) => setSource(e.target.value)}
      />
      <div className="admin-actions">
        <button className="btn" type="submit" disabled={props.busy}>
          Save licence check
        </button>
        <button className="btn secondary" type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ContractorsAdmin() {
  const searchId = useId();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** The row whose form is open: `reject:<id>`, `claim:<id>`, `approve:<id>` or `licence:<id>`. */
  const [open, setOpen] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');

  const lists: Record<List, Record<string, string>> = {
    pending: { list: 'pending' },
    claims: { list: 'claims' },
    listed: { list: 'listed', q },
  };
  const pending = useKeysetList(PATH, lists.pending, (p: AdminContractorPage) => p.businesses);
  const claims = useKeysetList(PATH, lists.claims, (p: AdminContractorPage) => p.claims);
  const listed = useKeysetList(PATH, lists.listed, (p: AdminContractorPage) => p.businesses);

  async function post<T>(key: string, url: string, body: unknown, done: string): Promise<T | null> {
    setBusy(key);
    setMessage(null);
    const answer = await api<T>('POST', url, body);
    setBusy(null);
    if (!answer.ok) {
      setMessage(answer.body.error ?? UNEXPECTED);
      return null;
    }
    setOpen(null);
    setMessage(done);
    return answer.body;
  }

  const decide = async (b: AdminBusiness, reason: string | null) => {
    const ok = await post<{ business: AdminBusiness }>(
      b.id,
      `/api/admin/contractors/${b.id}/${reason === null ? 'approve' : 'reject'}`,
      reason === null ? {} : { reason },
      reason === null
        ? `${b.name} approved. It goes live with the next publish (scheduled automatically).`
        : `${b.name} rejected; the applicant was e-mailed the reason.`,
    );
    if (ok) pending.setRows((rows) => rows.filter((r) => r.id !== b.id));
  };

  const decideClaim = async (c: AdminClaim, reason: string | null) => {
    const ok = await post<{ warning?: string | null }>(
      c.id,
      `/api/admin/claims/${c.id}/${reason === null ? 'approve' : 'reject'}`,
      // An unconfirmed claim reaches here only through its second, explicit confirmation.
      reason === null ? (c.confirmation ? {} : { unconfirmed: true }) : { reason },
      reason === null
        ? `${c.claimantEmail} now owns ${c.businessName}. It starts with no leads, charges or cards of the listing's past.`
        : `Claim to ${c.businessName} rejected; ${c.claimantEmail} was e-mailed the reason.`,
    );
    if (ok?.warning) setMessage(ok.warning);
    if (ok) claims.setRows((rows) => rows.filter((r) => r.id !== c.id));
  };

  const change = async (
    b: AdminBusiness,
    path: 'featured' | 'status' | 'licence',
    body: unknown,
    done: string,
  ) => {
    const answer = await post<{ business: AdminBusiness }>(
      b.id,
      `/api/admin/contractors/${b.id}/${path}`,
      body,
      done,
    );
    if (answer) listed.setRows((rows) => rows.map((r) => (r.id === b.id ? answer.business : r)));
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next === q) return;
    setQ(next);
  };

  return (
    <div>
      <p role="status" aria-live="polite">
        {message}
      </p>

      <section aria-labelledby="pending-h">
        <h2 id="pending-h">Awaiting approval</h2>
        {pending.error && <p role="alert">{pending.error}</p>}
        {!pending.loading && pending.rows.length === 0 ? (
          <p className="muted">{M.noPending}</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Business</th>
                <th scope="col">Category</th>
                <th scope="col">City</th>
                <th scope="col">Applicant</th>
                <th scope="col">Registered</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {pending.rows.map((b) => (
                <tr key={b.id}>
                  <td>{b.name}</td>
                  <td>{b.category ?? '—'}</td>
                  <td>{b.city ?? '—'}</td>
                  <td>{b.ownerEmail ?? '—'}</td>
                  <td>
                    <time dateTime={b.createdAt}>{new Date(b.createdAt).toLocaleString('en-US')}</time>
                  </td>
                  <td>
                    {open === `reject:${b.id}` ? (
                      <ReasonForm
                        subject={b.name}
                        busy={busy === b.id}
                        onSubmit={(reason) => void decide(b, reason)}
                        onCancel={() => setOpen(null)}
                      />
                    ) : (
                      <div className="admin-actions">
                        <button
                          type="button"
                          className="btn"
                          disabled={busy === b.id}
                          aria-label={`Approve ${b.name}`}
                          onClick={() => void decide(b, null)}
                        >
                          Approve
                        </button>
                        <button
                          type="button"
                          className="btn secondary"
                          aria-label={`Reject ${b.name}`}
                          onClick={() => setOpen(`reject:${b.id}`)}
                        >
                          Reject
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pending.cursor && (
          <button
            type="button"
            className="btn secondary"
            disabled={pending.loading}
            onClick={() => void pending.more()}
          >
            Show more pending contractors
          </button>
        )}
      </section>

      <section aria-labelledby="claims-h">
        <h2 id="claims-h">Listing claims</h2>
        {claims.error && <p role="alert">{claims.error}</p>}
        {!claims.loading && claims.rows.length === 0 ? (
          <p className="muted">{M.noClaims}</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Listing</th>
                <th scope="col">Claimant</th>
                <th scope="col">Proof</th>
                <th scope="col">Submitted</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {claims.rows.map((c) => (
                <tr key={c.id}>
                  <td>
                    <a href={`/contractor/${c.businessSlug}`}>{c.businessName}</a>
                  </td>
                  <td>{c.claimantEmail}</td>
                  <td>{confirmationText(c.confirmation)}</td>
                  <td>
                    <time dateTime={c.createdAt}>{new Date(c.createdAt).toLocaleString('en-US')}</time>
                  </td>
                  <td>
                    {open === `approve:${c.id}` ? (
                      <div
                        className="admin-inline-form"
                        role="group"
                        aria-label={`Approve unconfirmed claim to ${c.businessName}`}
                      >
                        <p role="alert">
                          This claim is not confirmed: nobody proved {c.businessName}&apos;s phone or website
                          by a code. Approve it only if you checked that {c.claimantEmail} runs the business
                          another way.
                        </p>
                        <div className="admin-actions">
                          <button
                            type="button"
                            className="btn"
                            disabled={busy === c.id}
                            onClick={() => void decideClaim(c, null)}
                          >
                            Approve unconfirmed claim
                          </button>
                          <button type="button" className="btn secondary" onClick={() => setOpen(null)}>
                            Cancel
                          </button>
                        </div>
                      </div>
                    ) : open === `claim:${c.id}` ? (
                      <ReasonForm
                        subject={`the claim to ${c.businessName}`}
                        busy={busy === c.id}
                        onSubmit={(reason) => void decideClaim(c, reason)}
                        onCancel={() => setOpen(null)}
                      />
                    ) : (
                      <div className="admin-actions">
                        <button
                          type="button"
                          className="btn"
                          disabled={busy === c.id}
                          aria-label={`Approve claim to ${c.businessName} by ${c.claimantEmail}`}
                          onClick={() =>
                            c.confirmation ? void decideClaim(c, null) : setOpen(`approve:${c.id}`)
                          }
                        >
                          Approve
                        </button>
                        <button
                          type="button"
                          className="btn secondary"
                          aria-label={`Reject claim to ${c.businessName} by ${c.claimantEmail}`}
                          onClick={() => setOpen(`claim:${c.id}`)}
                        >
                          Reject
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {claims.cursor && (
          <button
            type="button"
            className="btn secondary"
            disabled={claims.loading}
            onClick={() => void claims.more()}
          >
            Show more claims
          </button>
        )}
      </section>

      <section aria-labelledby="listed-h">
        <h2 id="listed-h">Listed contractors</h2>
        <form className="admin-filters" role="search" onSubmit={search}>
          <label htmlFor={searchId}>
            Search by business name
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
        {listed.error && <p role="alert">{listed.error}</p>}
        {!listed.loading && listed.rows.length === 0 ? (
          <p className="muted">{M.noListed}</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Business</th>
                <th scope="col">Status</th>
                <th scope="col">Featured</th>
                <th scope="col">Licence</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {listed.rows.map((b) => (
                <tr key={b.id}>
                  <td>
                    <a href={`/contractor/${b.slug}`}>{b.name}</a>
                  </td>
                  <td>{STATUS_LABEL[b.status]}</td>
                  <td>{b.featured ? 'Yes' : 'No'}</td>
                  <td>
                    {b.licence
                      ? `${b.licence.board} #${b.licence.number}, checked ${b.licence.checkedOn} (${b.licence.source})`
                      : 'Not checked'}
                  </td>
                  <td>
                    {open === `licence:${b.id}` ? (
                      <LicenceForm
                        business={b}
                        busy={busy === b.id}
                        onSubmit={(body) =>
                          void change(
                            b,
                            'licence',
                            body,
                            `Licence check of ${b.name} saved; shown after the next publish.`,
                          )
                        }
                        onCancel={() => setOpen(null)}
                      />
                    ) : (
                      <div className="admin-actions">
                        {b.status === 'ACTIVE' && (
                          <button
                            type="button"
                            className="btn secondary"
                            disabled={busy === b.id}
                            aria-label={`${b.featured ? 'Unfeature' : 'Feature'} ${b.name}`}
                            onClick={() =>
                              void change(
                                b,
                                'featured',
                                { featured: !b.featured },
                                `${b.name} ${b.featured ? 'unfeatured' : 'featured'}; the site changes with the next publish.`,
                              )
                            }
                          >
                            {b.featured ? 'Unfeature' : 'Feature'}
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn secondary"
                          disabled={busy === b.id}
                          aria-label={`${b.status === 'SUSPENDED' ? 'Reinstate' : 'Suspend'} ${b.name}`}
                          onClick={() =>
                            void change(
                              b,
                              'status',
                              { suspended: b.status !== 'SUSPENDED' },
                              b.status === 'SUSPENDED'
                                ? `${b.name} reinstated; it is matched for leads again and listed after the next publish.`
                                : `${b.name} suspended; it gets no leads and leaves the site with the next publish.`,
                            )
                          }
                        >
                          {b.status === 'SUSPENDED' ? 'Reinstate' : 'Suspend'}
                        </button>
                        <button
                          type="button"
                          className="btn secondary"
                          aria-label={`Record licence check of ${b.name}`}
                          onClick={() => setOpen(`licence:${b.id}`)}
                        >
                          Licence
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {listed.cursor && (
          <button
            type="button"
            className="btn secondary"
            disabled={listed.loading}
            onClick={() => void listed.more()}
          >
            Show more listed contractors
          </button>
        )}
      </section>
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(ContractorsAdmin);
