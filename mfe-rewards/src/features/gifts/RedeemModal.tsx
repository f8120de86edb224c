import { useState, type FormEvent } from 'react';
import { useCurrentUser, useGemBalance } from '@kidslearn/kit/platform';
import { Button, Modal, TextArea, TextField } from '@kidslearn/kit/ui';
import type { Address, Gift } from '../../api/rewards-api';
import { REQUIRED_FIELDS, redeemProblem } from '../../domain/redeem-rules';
import { messages } from '../../messages';
import { useRedeem } from './useRedeem';

const empty: Address = { name: '', phone: '', address1: '', address2: '', city: '', postalCode: '', notes: '' };
type Field = keyof Address;
const fieldTypes: Partial<Record<Field, { type: string; autoComplete: string }>> = {
  name: { type: 'text', autoComplete: 'name' },
  phone: { type: 'tel', autoComplete: 'tel' },
  address1: { type: 'text', autoComplete: 'address-line1' },
  address2: { type: 'text', autoComplete: 'address-line2' },
  city: { type: 'text', autoComplete: 'address-level2' },
  postalCode: { type: 'text', autoComplete: 'postal-code' },
};

/** The address form and the confirmation of the gift and its cost (SPEC §2, §5). */
export function RedeemModal({ gift, onClose }: { gift: Gift; onClose: () => void }) {
  const user = useCurrentUser();
  const { gems } = useGemBalance();
  const { submit, busy } = useRedeem(gift, onClose);
  const [address, setAddress] = useState<Address>(empty);
  const [problem, setProblem] = useState<string>();
  const [showErrors, setShowErrors] = useState(false);
  const cost = gift.cost ?? 0;

  const set = (field: Field) => (event: { target: { value: string } }) => setAddress((current) => ({ ...current, [field]: event.target.value }));
  const missing = (field: Field) => showErrors && (REQUIRED_FIELDS as readonly Field[]).includes(field) && !address[field]?.trim();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = redeemProblem(gift, user.status === 'authenticated', gems, address);
    setShowErrors(true);
    setProblem(found);
    if (found || busy) return;
    await submit(address); // closes the form itself unless it failed
  };

  const text = (field: Exclude<Field, 'notes'>) => (
    <TextField
      label={messages.redeem.fields[field]}
      name={field}
      value={address[field] ?? ''}
      onChange={set(field)}
      required={(REQUIRED_FIELDS as readonly Field[]).includes(field)}
      error={missing(field) ? messages.redeem.required : undefined}
      {...fieldTypes[field]}
    />
  );

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={messages.redeem.title(gift.name)} description={messages.redeem.description(gift.name, cost)}>
      <form className="rwd-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {text('name')}
        {text('phone')}
        {text('address1')}
        {text('address2')}
        <div className="rwd-form-row">
          {text('city')}
          {text('postalCode')}
        </div>
        <TextArea label={messages.redeem.fields.notes} name="notes" value={address.notes ?? ''} onChange={set('notes')} rows={2} />
        {problem && (
          <p className="rwd-error" role="alert">
            {problem}
          </p>
        )}
        <div className="rwd-form-actions">
          <Button variant="outline" onClick={onClose}>
            {messages.redeem.cancel}
          </Button>
          <Button type="submit" variant="primary" busy={busy}>
            {busy ? messages.redeem.confirming : messages.redeem.confirm(cost)}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
