import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AddressFields, Button, addressIncomplete, emptyAddress, trimmedAddress } from '@kidslearn/kit/ui';
import type { Address } from '../../api/family-api';
import { messages } from '../../messages';

const text = messages.gifts;

/** The delivery address the parent confirms, prefilled from the child's form (SPEC §3 Address, every field labelled). */
export function AddressForm({ label, initial, busy, problem, onSubmit, onCancel }: {
  label: string;
  initial: Address | undefined;
  busy: boolean;
  /** The server's refusal, shown under the fields. */
  problem?: string;
  onSubmit: (address: Address) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [address, setAddress] = useState<Address>({ ...emptyAddress, ...initial });
  const [checked, setChecked] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  // Opened by "Confirm address": the keyboard continues in the form.
  useEffect(() => first.current?.focus(), []);
  const incomplete = addressIncomplete(address);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (incomplete || busy) return;
    onSubmit(trimmedAddress(address));
  };

  return (
    <form className="fam-address" aria-labelledby={`${id}-label`} onSubmit={submit} noValidate>
      <h3 id={`${id}-label`}>{label}</h3>
      <AddressFields ref={first} value={address} onChange={setAddress} showErrors={checked} />
      {((checked && incomplete) || problem) && (
        <p className="fam-error" role="alert">
          {checked && incomplete ? text.fillRequired : problem}
        </p>
      )}
      <div className="fam-actions">
        <Button variant="outline" onClick={onCancel}>
          {text.cancel}
        </Button>
        <Button type="submit" busy={busy}>
          {text.send}
        </Button>
      </div>
    </form>
  );
}
