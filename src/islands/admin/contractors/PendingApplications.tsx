// The approval queue: every PENDING registration with everything its applicant gave (business,
// services, owner, phone, e-mail, address, website, service ZIPs, years, licence number,
// insurance) and the admin's own licence check, recorded here before deciding. Approve asks
// first, in a dialog that states what follows (the business goes live and can be sold leads);
// Reject takes a reason that is mailed to the applicant.
import { useRef, useState } from 'react';
import { CONTRACTOR_ADMIN_MESSAGES as M } from '../../../domain/admin-rules.ts';
import { displayName, endSentence, formatDateTime, formatMoney } from '../../../domain/format.ts';
import { LEAD_PRICE_CENTS } from '../../../domain/quote-rules.ts';
import type { AdminBusiness, AdminContractorPage } from '../../../schemas/admin.ts';
import ConfirmDialog from '../../shared/ConfirmDialog.tsx';
import type { Column } from '../kit/AdminTable.tsx';
import KeysetTable from '../kit/KeysetTable.tsx';
import { useKeysetList } from '../kit/use-keyset-list.ts';
import { Address, Email, Facts, given, list, Phone, Website, years } from '../kit/facts.tsx';
import { REJECTION_REASON_MAX } from '../../../domain/admin-rules.ts';
import ReasonForm from '../kit/ReasonForm.tsx';
import { licenceText, useAdminPost } from './forms.tsx';
import LicenceCheck from './LicenceCheck.tsx';
import RowButton from '../kit/RowButton.tsx';

const PATH = '/api/admin/contractors';
const QUERY = { list: 'pending' };

/** What approving does, said before it is done. */
function ApproveConsequence(props: { business: AdminBusiness }) {
  const b = props.business;
  const a = b.application;
  return (
    <>
      <p>
        {b.name} goes live: it is listed on the site as a verified contractor with the next publish, which
        starts by itself within a few minutes, and it can be sold leads from now on, at{' '}
        {formatMoney(LEAD_PRICE_CENTS)} a lead charged to its card.
      </p>
      {!a.hasCard && <p>It has no card on file yet, so it gets no leads until it adds one.</p>}
      {b.licence ? (
        <p>Licence checked: {licenceText(b.licence)}.</p>
      ) : (
        <p>
          <strong>Its licence has not been checked.</strong> The site promises licensed, insured, verified
          contractors: record the check before approving.
        </p>
      )}
      {!a.insuranceVerified && <p>Its insurance is not verified.</p>}
      {b.ownerEmail && <p>{b.ownerEmail} is e-mailed that the business is approved.</p>}
    </>
  );
}

export default function PendingApplications(props: { onMessage: (message: string | null) => void }) {
  const pending = useKeysetList(PATH, QUERY, (p: AdminContractorPage) => p.businesses);
  const { busy, post } = useAdminPost(props.onMessage);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [approving, setApproving] = useState<AdminBusiness | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const replace = (b: AdminBusiness) => pending.setRows((rows) => rows.map((r) => (r.id === b.id ? b : r)));
  const remove = (id: string) => pending.setRows((rows) => rows.filter((r) => r.id !== id));

  const approve = async (b: AdminBusiness) => {
    const done = await post(
      b.id,
      `${PATH}/${b.id}/approve`,
      {},
      () =>
        `${endSentence(`${b.name} approved`)} It goes live with the next publish (scheduled automatically).`,
    );
    setApproving(null);
    if (!done) return;
    remove(b.id);
    // Its row (and the button that opened the dialog) is gone: focus goes to the queue's heading.
    setTimeout(() => heading.current?.focus(), 0);
  };

  const reject = async (b: AdminBusiness, reason: string) => {
    const done = await post(
      b.id,
      `${PATH}/${b.id}/reject`,
      { reason },
      () => `${b.name} rejected; the applicant was e-mailed the reason.`,
    );
    if (done) {
      setRejecting(null);
      remove(b.id);
    }
  };

  const columns: Column<AdminBusiness>[] = [
    {
      label: 'Business',
      kind: 'title',
      cell: (b) => (
        <>
          {b.name}
          <Facts
            items={[
              ['Category', given(b.category && displayName(b.category))],
              ['Services', list(b.application.services)],
              ['In business', years(b.application.yearsInBusiness)],
              ['Registered', <time dateTime={b.createdAt}>{formatDateTime(b.createdAt)}</time>],
            ]}
          />
        </>
      ),
    },
    {
      label: 'Owner and contact',
      cell: (b) => (
        <Facts
          items={[
            ['Owner', given(b.application.ownerName)],
            ['Account', <Email value={b.ownerEmail} />],
            ['Phone', <Phone value={b.application.phone} />],
            ['E-mail', <Email value={b.application.email} />],
            ['Website', <Website value={b.application.website} />],
          ]}
        />
      ),
    },
    {
      label: 'Address and area',
      cell: (b) => (
        <Facts
          items={[
            [
              'Address',
              <Address
                address={b.application.address}
                city={b.city}
                state={b.application.state}
                zipCode={b.application.zipCode}
              />,
            ],
            ['Service ZIPs', list(b.application.serviceZips)],
            [
              'Responds',
              b.application.responseTimeHours === null
                ? given(null)
                : `within ${b.application.responseTimeHours} h`,
            ],
            ['Prices', given(b.application.priceRange)],
          ]}
        />
      ),
    },
    {
      label: 'Licence and insurance',
      cell: (b) => (
        <>
          <Facts
            items={[
              ['Licence number', given(b.application.licenseNumber)],
              [
                'Insurance',
                b.application.insuranceVerified ? (
                  <span className="chip ok">Verified</span>
                ) : (
                  <span className="chip warn">Not verified</span>
                ),
              ],
            ]}
          />
          <LicenceCheck
            name={b.name}
            licence={b.licence}
            givenNumber={b.application.licenseNumber}
            busy={busy === b.id}
            onSave={async (body) => {
              const saved = await post<{ business: AdminBusiness }>(
                b.id,
                `${PATH}/${b.id}/licence`,
                body,
                () => `Licence check of ${b.name} saved.`,
              );
              if (saved) replace(saved.business);
              return saved !== null;
            }}
          />
        </>
      ),
    },
    {
      label: 'Decision',
      kind: 'actions',
      cell: (b) =>
        rejecting === b.id ? (
          <ReasonForm
            label={`Reason for rejecting ${b.name} (mailed to the applicant)`}
            submitLabel="Send rejection"
            maxLength={REJECTION_REASON_MAX}
            busy={busy === b.id}
            onSubmit={(reason) => void reject(b, reason)}
            onCancel={() => setRejecting(null)}
          />
        ) : (
          <div className="admin-actions">
            <button
              type="button"
              className="btn"
              disabled={busy === b.id}
              aria-label={`Approve ${b.name}`}
              onClick={() => setApproving(b)}
            >
              Approve
            </button>
            <RowButton name={`Reject ${b.name}`} onPress={() => setRejecting(b.id)}>
              Reject
            </RowButton>
          </div>
        ),
    },
  ];

  return (
    <section aria-labelledby="pending-h">
      <h2 id="pending-h" ref={heading} tabIndex={-1}>
        Awaiting approval
      </h2>
      <KeysetTable
        list={pending}
        caption="Registrations awaiting approval, newest first"
        columns={columns}
        rowKey={(b) => b.id}
        empty={M.noPending}
        more="Show more pending contractors"
      />
      <ConfirmDialog
        open={approving !== null}
        title={approving ? `Approve ${approving.name}?` : ''}
        confirmLabel="Approve contractor"
        busy={approving !== null && busy === approving.id}
        onConfirm={() => {
          if (approving) void approve(approving);
        }}
        onCancel={() => setApproving(null)}
      >
        {approving && <ApproveConsequence business={approving} />}
      </ConfirmDialog>
    </section>
  );
}
