// The articles tab of /admin/content: every article, drafts too, most recently changed first (25
// a page, more by keyset); create and edit (src/islands/admin/articles/ArticleEditor), publish and
// unpublish.
import { useState } from 'react';
import { CONTENT_MESSAGES as M } from '../../domain/content-rules.ts';
import { formatDate } from '../../domain/format.ts';
import type { AdminArticle, AdminArticlePage } from '../../schemas/admin-content.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import ArticleEditor from './articles/ArticleEditor.tsx';
import type { Column } from './kit/AdminTable.tsx';
import KeysetTable from './kit/KeysetTable.tsx';
import { useKeysetList } from './kit/use-keyset-list.ts';
import { withQueries } from '../shared/query.tsx';
import { StatusLine } from '../shared/notices.tsx';
import RowButton from './kit/RowButton.tsx';

const STATUS_LABEL: Record<AdminArticle['status'], string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};
const STATUS_CHIP: Record<AdminArticle['status'], string> = { draft: 'warn', published: 'ok', archived: '' };

function ArticlesAdmin() {
  const list = useKeysetList('/api/admin/content/articles', {}, (page: AdminArticlePage) => page.articles);
  const [editing, setEditing] = useState<AdminArticle | 'new' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const replace = (article: AdminArticle, created: boolean) =>
    list.setRows((rows) =>
      created ? [article, ...rows] : rows.map((r) => (r.id === article.id ? article : r)),
    );

  const publish = async (article: AdminArticle, published: boolean) => {
    setBusy(article.id);
    setMessage(null);
    const answer = await api<{ article: AdminArticle }>(
      'POST',
      `/api/admin/content/articles/${article.id}/published`,
      { published },
    );
    setBusy(null);
    if (!answer.ok) return setMessage(answer.body.error ?? UNEXPECTED);
    replace(answer.body.article, false);
    setMessage(
      `“${article.title}” ${published ? 'published' : 'unpublished'}. The site changes with the next publish.`,
    );
  };

  if (editing) {
    return (
      <ArticleEditor
        article={editing === 'new' ? null : editing}
        onSaved={replace}
        onClose={() => setEditing(null)}
      />
    );
  }

  const columns: Column<AdminArticle>[] = [
    {
      label: 'Title',
      kind: 'title',
      cell: (a) => (
        <>
          {a.title}
          <div className="muted admin-fact">/articles/{a.slug}</div>
        </>
      ),
    },
    { label: 'Category', cell: (a) => a.category },
    {
      label: 'Status',
      cell: (a) => <span className={`chip ${STATUS_CHIP[a.status]}`}>{STATUS_LABEL[a.status]}</span>,
    },
    { label: 'Last changed', cell: (a) => <time dateTime={a.updatedAt}>{formatDate(a.updatedAt)}</time> },
    {
      label: 'Actions',
      kind: 'actions',
      cell: (a) => (
        <div className="admin-actions">
          <RowButton name={`Edit “${a.title}”`} onPress={() => setEditing(a)}>
            Edit
          </RowButton>
          <RowButton
            name={`${a.status === 'published' ? 'Unpublish' : 'Publish'} “${a.title}”`}
            disabled={busy === a.id}
            onPress={() => void publish(a, a.status !== 'published')}
          >
            {a.status === 'published' ? 'Unpublish' : 'Publish'}
          </RowButton>
        </div>
      ),
    },
  ];

  return (
    <div>
      <div className="admin-actions">
        <button type="button" className="btn" onClick={() => setEditing('new')}>
          New article
        </button>
      </div>
      <StatusLine>{message}</StatusLine>
      <KeysetTable
        list={list}
        caption="Articles, most recently changed first"
        columns={columns}
        rowKey={(a) => a.id}
        empty={M.noArticles}
        more="Show more articles"
      />
    </div>
  );
}

/** The island, with its own query client. */
export default withQueries(ArticlesAdmin);
