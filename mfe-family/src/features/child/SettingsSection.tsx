import { useId, useState, type FormEvent } from 'react';
import { useFeedback } from '@kidslearn/kit/platform';
import { Button, TextField } from '@kidslearn/kit/ui';
import { useFamilyApi, type FamilyChild } from '../../api/family-api';
import { parseGemCap } from '../../domain/gem-cap';
import { serverMessage } from '../../domain/server-error';
import { messages } from '../../messages';
import { useChildrenCache } from '../children/children-cache';
import { Section } from './Section';

const text = messages.settings;

/** "Approve gifts" and the monthly gem limit, saved together with one PATCH. */
export function SettingsSection({ child }: { child: FamilyChild }) {
  const id = useId();
  const [save, saving] = useFamilyApi().useFamilySaveSettingsMutation();
  const cache = useChildrenCache();
  const feedback = useFeedback();
  const [approveGifts, setApproveGifts] = useState(child.approveGifts);
  const [cap, setCap] = useState(child.monthlyGemCap === null ? '' : String(child.monthlyGemCap));
  const [problem, setProblem] = useState<string>();
  const parsed = parseGemCap(cap);
  const [checked, setChecked] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setProblem(undefined);
    if (parsed === undefined) return;
    try {
      const saved = await save({ linkId: child.linkId, settings: { approveGifts, monthlyGemCap: parsed } }).unwrap();
      cache.replace(saved);
      feedback.toast({ text: text.saved, icon: 'success' });
    } catch (error) {
      setProblem(serverMessage(error, text.failed));
    }
  };

  return (
    <Section id="fam-settings" title={text.heading}>
      <form className="fam-settings" onSubmit={(event) => void submit(event)} noValidate>
        <div className="fam-switch-field">
          <input
            id={`${id}-approve`}
            className="fam-switch"
            type="checkbox"
            role="switch"
            checked={approveGifts}
            aria-describedby={`${id}-approve-hint`}
            onChange={(event) => setApproveGifts(event.target.checked)}
          />
          <label htmlFor={`${id}-approve`}>{text.approve}</label>
          <span id={`${id}-approve-hint`} className="fam-muted fam-switch-hint">
            {text.approveHint(child.name)}
          </span>
        </div>
        <TextField
          label={text.cap}
          hint={text.capHint}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={cap}
          onChange={(event) => setCap(event.target.value)}
          error={checked && parsed === undefined ? text.capInvalid : undefined}
        />
        {problem && (
          <p className="fam-error" role="alert">
            {problem}
          </p>
        )}
        <Button type="submit" busy={saving.isLoading}>
          {saving.isLoading ? text.saving : text.save}
        </Button>
      </form>
    </Section>
  );
}
