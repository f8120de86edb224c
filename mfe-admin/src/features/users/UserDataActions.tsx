import { useCurrentUser, useFeedback, type PortalUser } from '@kidslearn/kit/platform';
import { Button } from '@kidslearn/kit/ui';
import { useAdminApi } from '../../api/admin-api';
import { messages } from '../../messages';
import { downloadJson } from './download-json';

const m = messages.users;

/** The server's message for a refused delete (e.g. an admin cannot be deleted), else ours. */
const serverMessage = (error: unknown, fallback: string) => {
  const data = (error as { data?: { message?: unknown; error?: unknown } })?.data;
  const text = typeof data?.message === 'string' ? data.message : typeof data?.error === 'string' ? data.error : '';
  return text || fallback;
};

/**
 * Beyond SPEC, per row of My Users: download everything KidsLearn keeps about a user as one JSON file, and
 * delete a learner's data everywhere after a confirmation that says what goes. Admins (and oneself) cannot
 * be deleted here; the server refuses it too.
 */
export function UserDataActions({ user }: { user: PortalUser }) {
  const api = useAdminApi();
  const me = useCurrentUser();
  const feedback = useFeedback();
  const [exportUser, exporting] = api.useAdminExportUserMutation();
  const [eraseUser, erasing] = api.useAdminEraseUserMutation();
  const label = user.name || user.email;
  const deletable = user.role !== 'admin' && user.email !== me.email;

  const onExport = async () => {
    try {
      downloadJson(await exportUser(user._id).unwrap(), `kidslearn-learner-${user._id}.json`);
      feedback.toast({ text: m.exported(label), icon: 'success' });
    } catch (error) {
      console.error('Exporting a learner failed', error);
      feedback.toast({ text: serverMessage(error, m.exportFailed), icon: 'error' });
    } finally {
      exporting.reset(); // the child's data is not kept in the store
    }
  };

  const onDelete = async () => {
    if (!(await feedback.confirm({ title: m.deleteTitle(label), text: m.deleteText, confirmText: m.deleteConfirm, cancelText: m.cancel }))) return;
    try {
      await eraseUser(user._id).unwrap();
      feedback.toast({ text: m.deleted(label), icon: 'success' });
    } catch (error) {
      console.error('Deleting a learner failed', error);
      const reason = serverMessage(error, '');
      void feedback.alert({ title: m.deleteFailed, ...(reason ? { text: reason } : {}), icon: 'error' });
    }
  };

  return (
    <span className="adm-row-actions">
      <Button variant="outline" busy={exporting.isLoading} aria-label={m.exportDataOf(label)} onClick={() => void onExport()}>
        {m.exportData}
      </Button>
      {deletable && (
        <Button variant="danger" busy={erasing.isLoading} aria-label={m.deleteOf(label)} onClick={() => void onDelete()}>
          {m.delete}
        </Button>
      )}
    </span>
  );
}
