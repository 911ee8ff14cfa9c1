// The SEO pages tab of /admin/content: the pages by slug (25 a page, more by keyset), searched by
// service or city; one page opened in its editor (src/islands/admin/seo/SeoPageEditor: the copy,
// the related articles, a preview, save).
import { useState } from 'react';
import { CONTENT_MESSAGES as M } from '../../domain/content-rules.ts';
import { formatDate } from '../../domain/format.ts';
import type {
  AdminSeoPage,
  AdminSeoPageSummary,
  AdminSeoPageSummaryPage,
  SeoPageArticles,
} from '../../schemas/admin-content.ts';
import type { Column } from './kit/AdminTable.tsx';
import KeysetTable from './kit/KeysetTable.tsx';
import SearchForm from './kit/SearchForm.tsx';
import SeoPageEditor from './seo/SeoPageEditor.tsx';
import { useKeysetList } from './kit/use-keyset-list.ts';
import { withQueries } from '../shared/query.tsx';
import { failureText, read } from '../shared/read.ts';
import RowButton from './kit/RowButton.tsx';

function SeoPagesAdmin() {
  const [q, setQ] = useState('');
  const list = useKeysetList(
    '/api/admin/content/seo-pages',
    { q },
    (page: AdminSeoPageSummaryPage) => page.pages,
  );
  const [editing, setEditing] = useState<{ page: AdminSeoPage; related: SeoPageArticles } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = async (summary: AdminSeoPageSummary) => {
    setError(null);
    await read<{ page: AdminSeoPage; related: SeoPageArticles }>(
      `/api/admin/content/seo-pages/${summary.slug}`,
    ).then(setEditing, (failure: unknown) => setError(failureText(failure)));
  };

  if (editing) {
    return (
      <SeoPageEditor
        key={editing.page.slug}
        page={editing.page}
        related={editing.related}
        onSaved={(saved) =>
          list.setRows((rows) =>
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

  const columns: Column<AdminSeoPageSummary>[] = [
    {
      label: 'Page',
      kind: 'title',
      cell: (p) => (
        <>
          {p.service} in {p.city}
          <div className="muted admin-fact">/{p.slug}</div>
        </>
      ),
    },
    { label: 'H1', cell: (p) => p.h1Heading ?? <span className="muted">(generated)</span> },
    {
      label: 'Last changed',
      cell: (p) =>
        p.updatedAt ? (
          <time dateTime={p.updatedAt}>{formatDate(p.updatedAt)}</time>
        ) : (
          <span className="muted">never edited</span>
        ),
    },
    {
      label: 'Actions',
      kind: 'actions',
      cell: (p) => (
        <RowButton name={`Edit /${p.slug}`} onPress={() => void open(p)}>
          Edit
        </RowButton>
      ),
    },
  ];

  return (
    <div>
      <SearchForm label="Search by service or city" onSearch={setQ} />
      {error && <p role="alert">{error}</p>}
      <KeysetTable
        list={list}
        caption="City-service pages by address"
        columns={columns}
        rowKey={(p) => p.slug}
        empty={M.noSeoPages}
        more="Show more SEO pages"
      />
    </div>
  );
}

/** The island, with its own query client. */
export default withQueries(SeoPagesAdmin);
