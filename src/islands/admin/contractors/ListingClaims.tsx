// Listing claims: each claim with the listing as it stands (its phone, website and address, the
// things a code proves), what the claimant gave at registration, the proof (a code by text, call
// or e-mail, or none), and the listing's licence check. Approve asks first in a dialog that says
// the listing changes hands; a claim nobody confirmed says so there, and its approval is sent
// with the server's explicit flag. Reject takes a reason that is mailed to the claimant.
import { useState } from 'react';
import { CONTRACTOR_ADMIN_MESSAGES as M } from '../../../domain/admin-rules.ts';
import { confirmationText } from '../../../domain/claim-rules.ts';
import { displayName, endSentence, formatDateTime } from '../../../domain/format.ts';
import type { AdminBusiness, AdminClaim, AdminContractorPage } from '../../../schemas/admin.ts';
import ConfirmDialog from '../../shared/ConfirmDialog.tsx';
import type { Column } from '../kit/AdminTable.tsx';
import KeysetTable from '../kit/KeysetTable.tsx';
import { useKeysetList } from '../kit/use-keyset-list.ts';
import { Address, Email, Facts, given, list, Phone, Website } from '../kit/facts.tsx';
import { REJECTION_REASON_MAX } from '../../../domain/admin-rules.ts';
import ReasonForm from '../kit/ReasonForm.tsx';
import { useAdminPost } from './forms.tsx';
import LicenceCheck from './LicenceCheck.tsx';
import RowButton from '../kit/RowButton.tsx';

const QUERY = { list: 'claims' };

/** One answer the claimant gave at registration (kept as they sent it), as text. */
function detail(claim: AdminClaim, key: string): string | null {
  const value = claim.details[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}
function details(claim: AdminClaim, key: string): string[] {
  const value = claim.details[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function ClaimConsequence(props: { claim: AdminClaim }) {
  const c = props.claim;
  return (
    <>
      <p>
        {c.businessName} changes hands: {c.claimantEmail} becomes its owner, edits its listing and can be sold
        its leads. The listing keeps none of the leads, charges or cards of its past, and any plan it had is
        cancelled. {c.claimantEmail} is e-mailed.
      </p>
      {c.confirmation ? (
        <p>{confirmationText(c.confirmation)}.</p>
      ) : (
        <p role="alert">
          This claim is not confirmed: nobody proved {c.businessName}&apos;s phone or website by a code.
          Approve it only if you checked that {c.claimantEmail} runs the business another way.
        </p>
      )}
    </>
  );
}

export default function ListingClaims(props: { onMessage: (message: string | null) => void }) {
  const claims = useKeysetList('/api/admin/contractors', QUERY, (p: AdminContractorPage) => p.claims);
  const { busy, post } = useAdminPost(props.onMessage);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [approving, setApproving] = useState<AdminClaim | null>(null);
  const remove = (id: string) => claims.setRows((rows) => rows.filter((r) => r.id !== id));

  const approve = async (c: AdminClaim) => {
    const done = await post<{ warning?: string | null }>(
      c.id,
      `/api/admin/claims/${c.id}/approve`,
      // An unconfirmed claim reaches here only through the dialog that says it is not confirmed.
      c.confirmation ? {} : { unconfirmed: true },
      (answer) =>
        `${endSentence(`${c.claimantEmail} now owns ${c.businessName}`)} It starts with no leads, charges or cards of the listing's past.${answer.warning ? ` ${answer.warning}` : ''}`,
    );
    setApproving(null);
    if (done) remove(c.id);
  };

  const reject = async (c: AdminClaim, reason: string) => {
    const done = await post(
      c.id,
      `/api/admin/claims/${c.id}/reject`,
      { reason },
      () => `Claim to ${c.businessName} rejected; ${c.claimantEmail} was e-mailed the reason.`,
    );
    if (done) {
      setRejecting(null);
      remove(c.id);
    }
  };

  const saveLicence = async (c: AdminClaim, body: unknown) => {
    const saved = await post<{ business: AdminBusiness }>(
      c.id,
      `/api/admin/contractors/${c.businessId}/licence`,
      body,
      () => `Licence check of ${c.businessName} saved; shown after the next publish.`,
    );
    if (saved) {
      const licence = saved.business.licence;
      claims.setRows((rows) =>
        rows.map((r) => (r.businessId === c.businessId ? { ...r, listing: { ...r.listing, licence } } : r)),
      );
    }
    return saved !== null;
  };

  const columns: Column<AdminClaim>[] = [
    {
      label: 'Listing',
      kind: 'title',
      cell: (c) => (
        <>
          <a href={`/contractor/${c.businessSlug}`}>{c.businessName}</a>
          <Facts
            items={[
              ['Category', given(c.listing.category && displayName(c.listing.category))],
              ['Phone', <Phone value={c.listing.phone} />],
              ['Website', <Website value={c.listing.website} />],
              [
                'Address',
                <Address address={c.listing.address} city={c.listing.city} zipCode={c.listing.zipCode} />,
              ],
            ]}
          />
        </>
      ),
    },
    {
      label: 'Claimant gave',
      cell: (c) => (
        <Facts
          items={[
            ['Account', <Email value={c.claimantEmail} />],
            ['Owner', given(detail(c, 'ownerName'))],
            ['Phone', <Phone value={detail(c, 'phone')} />],
            ['E-mail', <Email value={detail(c, 'email')} />],
            ['Website', <Website value={detail(c, 'website')} />],
            [
              'Address',
              <Address
                address={detail(c, 'address')}
                city={detail(c, 'city')}
                state={detail(c, 'state')}
                zipCode={detail(c, 'zipCode')}
              />,
            ],
            ['Services', list(details(c, 'services').map(displayName))],
            ['Service ZIPs', list(details(c, 'serviceZipCodes'))],
          ]}
        />
      ),
    },
    {
      label: 'Proof',
      cell: (c) => (
        <>
          <span className={c.confirmation ? 'chip ok' : 'chip warn'}>
            {c.confirmation ? 'Confirmed' : 'Not confirmed'}
          </span>{' '}
          {confirmationText(c.confirmation)}
          <p className="muted admin-fact">
            Submitted <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
          </p>
        </>
      ),
    },
    {
      label: 'Licence',
      cell: (c) => (
        <LicenceCheck
          name={c.businessName}
          licence={c.listing.licence}
          busy={busy === c.id}
          onSave={(body) => saveLicence(c, body)}
        />
      ),
    },
    {
      label: 'Decision',
      kind: 'actions',
      cell: (c) =>
        rejecting === c.id ? (
          <ReasonForm
            label={`Reason for rejecting the claim to ${c.businessName} (mailed to the applicant)`}
            submitLabel="Send rejection"
            maxLength={REJECTION_REASON_MAX}
            busy={busy === c.id}
            onSubmit={(reason) => void reject(c, reason)}
            onCancel={() => setRejecting(null)}
          />
        ) : (
          <div className="admin-actions">
            <button
              type="button"
              className="btn"
              disabled={busy === c.id}
              aria-label={`Approve claim to ${c.businessName} by ${c.claimantEmail}`}
              onClick={() => setApproving(c)}
            >
              Approve
            </button>
            <RowButton
              name={`Reject claim to ${c.businessName} by ${c.claimantEmail}`}
              onPress={() => setRejecting(c.id)}
            >
              Reject
            </RowButton>
          </div>
        ),
    },
  ];

  return (
    <section aria-labelledby="claims-h">
      <h2 id="claims-h">Listing claims</h2>
      <KeysetTable
        list={claims}
        caption="Claims of listings awaiting a decision, newest first"
        columns={columns}
        rowKey={(c) => c.id}
        empty={M.noClaims}
        more="Show more claims"
      />
      <ConfirmDialog
        open={approving !== null}
        title={approving ? `Approve the claim to ${approving.businessName}?` : ''}
        confirmLabel={approving?.confirmation === null ? 'Approve unconfirmed claim' : 'Approve claim'}
        busy={approving !== null && busy === approving.id}
        onConfirm={() => {
          if (approving) void approve(approving);
        }}
        onCancel={() => setApproving(null)}
      >
        {approving && <ClaimConsequence claim={approving} />}
      </ConfirmDialog>
    </section>
  );
}
