import { useState, type FormEvent } from 'react';
import { useCurrentUser, useFeedback, type PortalUser } from '@kidslearn/kit/platform';
import { Button, Table, TextField } from '@kidslearn/kit/ui';
import { useAdminApi } from '../../api/admin-api';
import { messages } from '../../messages';

const m = messages.roles;
type Search = { state: 'idle' } | { state: 'found'; user: PortalUser } | { state: 'message'; text: string };

const serverError = (error: unknown) => {
  const data = (error as { data?: { error?: unknown } })?.data;
  return typeof data?.error === 'string' && data.error ? data.error : m.wrong;
};

/** SPEC §2 make-admin: find a user by email, then Make Admin / Remove Admin (never one's own role). */
export function MakeAdminPage() {
  const api = useAdminApi();
  const me = useCurrentUser();
  const feedback = useFeedback();
  const [email, setEmail] = useState('');
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const [findUser, finding] = api.useLazyAdminFindUserQuery();
  const [setRole, changing] = api.useAdminSetRoleMutation();

  const onSearch = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = email.trim();
    // SPEC §5: the trimmed email; empty input clears the results.
    if (!wanted) return setSearch({ state: 'idle' });
    const result = await findUser(wanted);
    if (result.isError) {
      const status = (result.error as { status?: unknown }).status;
      return setSearch({ state: 'message', text: status === 404 ? m.notFound : m.searchFailed });
    }
    setSearch(result.data ? { state: 'found', user: result.data } : { state: 'message', text: m.empty });
  };

  const change = async (user: PortalUser) => {
    const promote = user.role !== 'admin';
    try {
      const updated = await setRole({ userId: user._id, action: promote ? 'make-admin' : 'remove-admin' }).unwrap();
      setSearch({ state: 'found', user: { ...user, ...updated, role: promote ? 'admin' : 'user' } });
      void feedback.alert({ title: promote ? m.added : m.removed, text: promote ? m.addedText : m.removedText, icon: 'success', timer: 2000 });
    } catch (error) {
      void feedback.alert({ title: m.oops, text: serverError(error), icon: 'error' });
    }
  };

  return (
    <section aria-labelledby="adm-roles">
      <h1 id="adm-roles">{m.heading}</h1>
      <form className="adm-search" role="search" onSubmit={(event) => void onSearch(event)}>
        <TextField
          label={m.search}
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (!event.target.value.trim()) setSearch({ state: 'idle' });
          }}
        />
        <Button type="submit" busy={finding.isFetching}>
          {m.searchButton}
        </Button>
      </form>
      {search.state === 'message' && <p role="status">{search.text}</p>}
      {search.state === 'found' && (
        <Table<PortalUser>
          caption={m.caption}
          rows={[search.user]}
          rowKey={(user) => user._id}
          columns={[
            { key: 'name', header: messages.users.name, render: (user) => user.name },
            { key: 'email', header: messages.users.email, render: (user) => user.email, breakAnywhere: true },
            { key: 'role', header: messages.users.role, render: (user) => (user.role === 'admin' ? messages.users.admin : messages.users.defaultRole) },
            {
              key: 'action',
              header: m.action,
              render: (user) => {
                const self = user.email === me.email;
                return (
                  <>
                    <Button variant={user.role === 'admin' ? 'danger' : 'primary'} busy={changing.isLoading} disabled={self && user.role === 'admin'} onClick={() => void change(user)}>
                      {user.role === 'admin' ? m.removeAdmin : m.makeAdmin}
                    </Button>
                    {self && user.role === 'admin' && <p className="adm-note">{m.youCannot}</p>}
                  </>
                );
              },
            },
          ]}
        />
      )}
    </section>
  );
}
