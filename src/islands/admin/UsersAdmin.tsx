// The admin users page: search by e-mail or name, 25 a page (more by keyset), grant or revoke the
// contractor and admin roles, disable or enable an account.
import { useId, useState } from 'react';
import { ADMIN_MESSAGES, GRANTABLE_ROLES, type GrantableRole } from '../../domain/admin-rules.ts';
import type { AdminUser, AdminUserPage } from '../../schemas/admin.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { useKeysetList } from './use-keyset-list.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';

const ROLE_LABEL: Record<GrantableRole, string> = { contractor: 'Contractor', admin: 'Admin' };

function UsersAdmin(props: { selfId: string }) {
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const list = useKeysetList('/api/admin/users', { q }, (page: AdminUserPage) => page.users);
  const { rows: users, setRows: setUsers, cursor, loading, more } = list;
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const search = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setMessage(null);
    const next = draft.trim();
    if (next === q) return;
    setQ(next);
  };

  const update = async (user: AdminUser, path: 'roles' | 'status', body: unknown, done: string) => {
    setBusy(user.id);
    setMessage(null);
    const answer = await api<{ user: AdminUser }>('POST', `/api/admin/users/${user.id}/${path}`, body);
    setBusy(null);
    if (!answer.ok) return setMessage(answer.body.error ?? UNEXPECTED);
    setUsers((previous) => previous.map((u) => (u.id === user.id ? answer.body.user : u)));
    setMessage(done);
  };

  return (
    <div>
      <form className="admin-filters" role="search" onSubmit={search}>
        <label htmlFor={searchId}>
          Search by e-mail or name
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
      <p role="status" aria-live="polite">
        {message ?? list.error}
      </p>
      {!loading && users.length === 0 ? (
        <p className="muted">{ADMIN_MESSAGES.noUsers}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Name</th>
              <th scope="col">Roles</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <td>{user.email}</td>
                <td>{user.fullName ?? '—'}</td>
                <td>{user.roles.length ? user.roles.map((r) => ROLE_LABEL[r]).join(', ') : 'User'}</td>
                <td>{user.disabled ? 'Disabled' : 'Active'}</td>
                <td>
                  <div className="admin-actions">
                    {GRANTABLE_ROLES.map((role) => {
                      const has = user.roles.includes(role);
                      if (has && role === 'admin' && user.id === props.selfId) return null;
                      return (
                        <button
                          key={role}
                          type="button"
                          className="btn secondary"
                          disabled={busy === user.id}
                          aria-label={`${has ? 'Revoke' : 'Grant'} ${ROLE_LABEL[role]} role for ${user.email}`}
                          onClick={() =>
                            void update(
                              user,
                              'roles',
                              { role, granted: !has },
                              `${ROLE_LABEL[role]} role ${has ? 'revoked from' : 'granted to'} ${user.email}.`,
                            )
                          }
                        >
                          {has ? 'Revoke' : 'Grant'} {ROLE_LABEL[role]}
                        </button>
                      );
                    })}
                    {user.id !== props.selfId && (
                      <button
                        type="button"
                        className="btn secondary"
                        disabled={busy === user.id}
                        aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.email}`}
                        onClick={() =>
                          void update(
                            user,
                            'status',
                            { disabled: !user.disabled },
                            `${user.email} ${user.disabled ? 'enabled' : 'disabled; their sessions have ended'}.`,
                          )
                        }
                      >
                        {user.disabled ? 'Enable' : 'Disable'}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cursor && (
        <button type="button" className="btn secondary" disabled={loading} onClick={() => void more()}>
          Load more
        </button>
      )}
      {loading && <p className="muted">Loading…</p>}
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(UsersAdmin);
