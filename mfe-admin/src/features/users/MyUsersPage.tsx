import { useDeferredValue, useState } from 'react';
import type { PortalUser } from '@kidslearn/kit/platform';
import { Button, Spinner, Table, TextField } from '@kidslearn/kit/ui';
import { useAdminApi } from '../../api/admin-api';
import { messages } from '../../messages';
import { UserDataActions } from './UserDataActions';

const PAGE_SIZE = 20;

/** SPEC §2 my-users, paged and searched on the server (a school has thousands of children). */
export function MyUsersPage() {
  const api = useAdminApi();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const users = api.useAdminUsersQuery({ page, limit: PAGE_SIZE, q });
  if (users.isError) console.error('Loading the users failed', users.error);
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="adm-users">
      <h1 id="adm-users">{messages.users.heading}</h1>
      <TextField
        label={messages.users.search}
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      {!data ? (
        <Spinner label={messages.loading} />
      ) : data.items.length === 0 ? (
        <p>{messages.users.none}</p>
      ) : (
        <Table<PortalUser>
          caption={messages.users.caption}
          rows={data.items}
          rowKey={(user) => user._id}
          columns={[
            { key: 'n', header: messages.users.number, render: (_user, index) => (page - 1) * PAGE_SIZE + index + 1 },
            { key: 'name', header: messages.users.name, render: (user) => user.name },
            { key: 'email', header: messages.users.email, render: (user) => user.email, breakAnywhere: true },
            { key: 'role', header: messages.users.role, render: (user) => (user.role === 'admin' ? messages.users.admin : messages.users.defaultRole) },
            { key: 'data', header: messages.users.actions, render: (user) => <UserDataActions user={user} /> },
          ]}
        />
      )}
      {data && (
        <div className="adm-pager">
          <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {messages.users.previous}
          </Button>
          <span aria-live="polite">{messages.users.pageOf(page, pages, data.total)}</span>
          <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {messages.users.next}
          </Button>
        </div>
      )}
    </section>
  );
}
