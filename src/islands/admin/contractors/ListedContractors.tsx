// The listed contractors (ACTIVE and SUSPENDED), searched by name: feature or unfeature, suspend
// or reinstate, and record a licence check.
import { useState } from 'react';
import { CONTRACTOR_ADMIN_MESSAGES as M } from '../../../domain/admin-rules.ts';
import { LISTING_WORDS, wordFor } from '../../../domain/format.ts';
import type { AdminBusiness, AdminContractorPage } from '../../../schemas/admin.ts';
import type { Column } from '../kit/AdminTable.tsx';
import KeysetTable from '../kit/KeysetTable.tsx';
import SearchForm from '../kit/SearchForm.tsx';
import { useKeysetList } from '../kit/use-keyset-list.ts';
import { useAdminPost } from './forms.tsx';
import LicenceCheck from './LicenceCheck.tsx';
import RowButton from '../kit/RowButton.tsx';

const PATH = '/api/admin/contractors';

export default function ListedContractors(props: { onMessage: (message: string | null) => void }) {
  const [q, setQ] = useState('');
  const listed = useKeysetList(PATH, { list: 'listed', q }, (p: AdminContractorPage) => p.businesses);
  const { busy, post } = useAdminPost(props.onMessage);

  const change = async (
    b: AdminBusiness,
    path: 'featured' | 'status' | 'licence',
    body: unknown,
    done: string,
  ) => {
    const answer = await post<{ business: AdminBusiness }>(b.id, `${PATH}/${b.id}/${path}`, body, () => done);
    if (answer) listed.setRows((rows) => rows.map((r) => (r.id === b.id ? answer.business : r)));
    return answer !== null;
  };

  const columns: Column<AdminBusiness>[] = [
    { label: 'Business', kind: 'title', cell: (b) => <a href={`/contractor/${b.slug}`}>{b.name}</a> },
    {
      label: 'Status',
      cell: (b) => (
        <span className={b.status === 'ACTIVE' ? 'chip ok' : 'chip danger'}>
          {wordFor(LISTING_WORDS, b.status)}
        </span>
      ),
    },
    { label: 'Featured', cell: (b) => (b.featured ? 'Yes' : 'No') },
    {
      label: 'Licence',
      cell: (b) => (
        <LicenceCheck
          name={b.name}
          licence={b.licence}
          givenNumber={b.application.licenseNumber}
          busy={busy === b.id}
          onSave={(body) =>
            change(b, 'licence', body, `Licence check of ${b.name} saved; shown after the next publish.`)
          }
        />
      ),
    },
    {
      label: 'Actions',
      kind: 'actions',
      cell: (b) => (
        <div className="admin-actions">
          {b.status === 'ACTIVE' && (
            <RowButton
              name={`${b.featured ? 'Unfeature' : 'Feature'} ${b.name}`}
              disabled={busy === b.id}
              onPress={() =>
                void change(
                  b,
                  'featured',
                  { featured: !b.featured },
                  `${b.name} ${b.featured ? 'unfeatured' : 'featured'}; the site changes with the next publish.`,
                )
              }
            >
              {b.featured ? 'Unfeature' : 'Feature'}
            </RowButton>
          )}
          <RowButton
            name={`${b.status === 'SUSPENDED' ? 'Reinstate' : 'Suspend'} ${b.name}`}
            disabled={busy === b.id}
            onPress={() =>
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
          </RowButton>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="listed-h">
      <h2 id="listed-h">Listed contractors</h2>
      <SearchForm label="Search by business name" onSearch={setQ} />
      <KeysetTable
        list={listed}
        caption="Listed contractors by name"
        columns={columns}
        rowKey={(b) => b.id}
        empty={M.noListed}
        more="Show more listed contractors"
      />
    </section>
  );
}
