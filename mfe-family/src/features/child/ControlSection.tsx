import { useNavigate } from 'react-router-dom';
import { useFeedback } from '@kidslearn/kit/platform';
import { Button } from '@kidslearn/kit/ui';
import { useFamilyApi, type FamilyChild } from '../../api/family-api';
import { serverMessage } from '../../domain/server-error';
import { messages } from '../../messages';
import { useChildrenCache } from '../children/children-cache';
import { downloadFile } from './download-file';
import { Section } from './Section';

const text = messages.control;

/** The parent's rights over the child's data: download it, withdraw consent, delete the account. */
export function ControlSection({ child }: { child: FamilyChild }) {
  const api = useFamilyApi();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const cache = useChildrenCache();
  const [exportData, exporting] = api.useFamilyExportMutation();
  const [withdraw, withdrawing] = api.useFamilyWithdrawConsentMutation();
  const [remove, removing] = api.useFamilyDeleteChildMutation();

  const download = async () => {
    try {
      const data = await exportData(child.linkId).unwrap();
      downloadFile(data, text.fileName(child.name, new Date().toISOString().slice(0, 10)));
    } catch (error) {
      void feedback.alert({ title: text.downloadFailed, text: serverMessage(error, ''), icon: 'error' });
    } finally {
      // The file holds the child's personal data: it does not stay in the store.
      exporting.reset();
    }
  };

  /** Asks first; done, the child leaves the parent's list and the parent goes back to it. */
  const unlink = async (ask: { title: string; text: string; confirmText: string }, act: () => Promise<unknown>, done: string) => {
    if (!(await feedback.confirm({ ...ask, cancelText: text.keep }))) return;
    try {
      await act();
      navigate('/family');
      cache.remove(child.linkId);
      feedback.toast({ text: done, icon: 'success' });
    } catch (error) {
      void feedback.alert({ title: text.failed, text: serverMessage(error, ''), icon: 'error' });
    }
  };

  return (
    <Section id="fam-control" title={text.heading}>
      <div className="fam-control">
        <div className="fam-control-item">
          <Button variant="outline" busy={exporting.isLoading} onClick={() => void download()} aria-describedby="fam-download-hint">
            {text.download}
          </Button>
          <span id="fam-download-hint" className="fam-muted">
            {text.downloadHint(child.name)}
          </span>
        </div>
        <div className="fam-actions">
          <Button
            variant="outline"
            busy={withdrawing.isLoading}
            onClick={() =>
              void unlink({ title: text.withdrawTitle, text: text.withdrawText(child.name), confirmText: text.withdrawYes }, () => withdraw(child.linkId).unwrap(), text.withdrawn(child.name))
            }
          >
            {text.withdraw}
          </Button>
          <Button
            variant="danger"
            busy={removing.isLoading}
            onClick={() =>
              void unlink({ title: text.removeTitle(child.name), text: text.removeText(child.name), confirmText: text.removeYes }, () => remove(child.linkId).unwrap(), text.removed(child.name))
            }
          >
            {text.remove}
          </Button>
        </div>
      </div>
    </Section>
  );
}
