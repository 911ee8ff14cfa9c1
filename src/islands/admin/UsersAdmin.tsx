// The admin users page: search by e-mail or name, 25 a page (more by keyset), grant or revoke the
// contractor and admin roles (a grant may ask for the password again: shared/reauth.tsx), disable
// or enable an account.
import { useState } from 'react';
import { ADMIN_MESSAGES, GRANTABLE_ROLES, type GrantableRole } from '../../domain/admin-rules.ts';
import { accountLabel } from '../../domain/format.ts';
import type { AdminUser, AdminUserPage } from '../../schemas/admin.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import { useReauth } from '../shared/reauth.tsx';
import type { Column } from './kit/AdminTable.tsx';
import KeysetTable from './kit/KeysetTable.tsx';
import SearchForm from './kit/SearchForm.tsx';
import { useKeysetList } from './kit/use-keyset-list.ts';
import { withQueries } from '../shared/query.tsx';
import { StatusLine } from '../shared/notices.tsx';
import RowButton from './kit/RowButton.tsx';

const ROLE_LABEL: Record<GrantableRole, string> = { contractor: 'Contractor', admin: 'Admin' };

function UsersAdmin(props: { selfId: string }) {
  const [q, setQ] = useState('');
  const list = useKeysetList('/api/admin/users', { q }, (page: AdminUserPage) => page.users);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const reauth = useReauth();

  const search = (next: string) => {
    setMessage(null);
    setQ(next);
  };

  const update = async (user: AdminUser, path: 'roles' | 'status', body: unknown, done: string) => {
    setBusy(user.id);
    setMessage(null);
    const answer = await reauth.guarded(() =>
      api<{ user: AdminUser }>('POST', `/api/admin/users/${user.id}/${path}`, body),
    );
    setBusy(null);
    if (!answer.ok) return setMessage(answer.body.error ?? UNEXPECTED);
    list.setRows((previous) => previous.map((u) => (u.id === user.id ? answer.body.user : u)));
    setMessage(done);
  };

  const actions = (user: AdminUser) => (
    <div className="admin-actions">
      {GRANTABLE_ROLES.map((role) => {
        const has = user.roles.includes(role);
        if (has && role === 'admin' && user.id === props.selfId) return null;
        return (
          <RowButton
            key={role}
            name={`${has ? 'Revoke' : 'Grant'} ${ROLE_LABEL[role]} role for ${user.email}`}
            disabled={busy === user.id}
            onPress={() =>
              void update(
                user,
                'roles',
                { role, granted: !has },
                `${ROLE_LABEL[role]} role ${has ? 'revoked from' : 'granted to'} ${user.email}.`,
              )
            }
          >
            {has ? 'Revoke' : 'Grant'} {ROLE_LABEL[role]}
          </RowButton>
        );
      })}
      {user.id !== props.selfId && (
        <RowButton
          name={`${user.disabled ? 'Enable' : 'Disable'} ${user.email}`}
          disabled={busy === user.id}
          onPress={() =>
            void update(
              user,
              'status',
              { disabled: !user.disabled },
              `${user.email} ${user.disabled ? 'enabled' : 'disabled; their sessions have ended'}.`,
            )
          }
        >
          {user.disabled ? 'Enable' : 'Disable'}
        </RowButton>
      )}
    </div>
  );

  const columns: Column<AdminUser>[] = [
    { label: 'E-mail', kind: 'title', cell: (user) => user.email },
    { label: 'Name', cell: (user) => user.fullName ?? '—' },
    {
      label: 'Roles',
      // A homeowner's account has no role to grant: it is named as the account menu names it.
      cell: (user) =>
        user.roles.length ? user.roles.map((r) => ROLE_LABEL[r]).join(', ') : accountLabel(user.roles),
    },
    {
      label: 'Status',
      cell: (user) =>
        user.disabled ? (
          <span className="chip danger">Disabled</span>
        ) : (
          <span className="chip ok">Active</span>
        ),
    },
    { label: 'Actions', kind: 'actions', cell: actions },
  ];

  return (
    <div>
      <SearchForm label="Search by e-mail or name" onSearch={search} />
      <StatusLine>{message ?? list.error}</StatusLine>
      <KeysetTable
        list={{ ...list, error: null }}
        caption="Accounts"
        columns={columns}
        rowKey={(user) => user.id}
        empty={ADMIN_MESSAGES.noUsers}
        more="Show more users"
      />
      {reauth.dialog}
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(withQueries(UsersAdmin));
