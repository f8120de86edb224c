import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, TextArea, TextField } from '@kidslearn/kit/ui';
import type { Address } from '../../api/family-api';
import { messages } from '../../messages';

const text = messages.gifts;
type Field = keyof Address;
const REQUIRED: readonly Field[] = ['name', 'phone', 'address1', 'city', 'postalCode'];
const inputs: { field: Exclude<Field, 'notes'>; type: string; autoComplete: string }[] = [
  { field: 'name', type: 'text', autoComplete: 'name' },
  { field: 'phone', type: 'tel', autoComplete: 'tel' },
  { field: 'address1', type: 'text', autoComplete: 'address-line1' },
  { field: 'address2', type: 'text', autoComplete: 'address-line2' },
  { field: 'city', type: 'text', autoComplete: 'address-level2' },
  { field: 'postalCode', type: 'text', autoComplete: 'postal-code' },
];

const blank: Address = { name: '', phone: '', address1: '', address2: '', city: '', postalCode: '', notes: '' };

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
  const [address, setAddress] = useState<Address>({ ...blank, ...initial });
  const [checked, setChecked] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  // Opened by "Confirm address": the keyboard continues in the form.
  useEffect(() => first.current?.focus(), []);
  const missing = (field: Field) => checked && REQUIRED.includes(field) && !address[field]?.trim();
  const incomplete = REQUIRED.some((field) => !address[field]?.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (incomplete || busy) return;
    onSubmit({ ...address, address2: address.address2?.trim() || undefined, notes: address.notes?.trim() || undefined });
  };
  const set = (field: Field) => (event: { target: { value: string } }) => setAddress((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form className="fam-address" aria-labelledby={`${id}-label`} onSubmit={submit} noValidate>
      <h3 id={`${id}-label`}>{label}</h3>
      {inputs.map(({ field, type, autoComplete }) => (
        <TextField
          key={field}
          ref={field === 'name' ? first : undefined}
          label={text.fields[field]}
          name={field}
          type={type}
          autoComplete={autoComplete}
          value={address[field] ?? ''}
          onChange={set(field)}
          required={REQUIRED.includes(field)}
          error={missing(field) ? text.required : undefined}
        />
      ))}
      <TextArea label={text.fields.notes} name="notes" rows={2} value={address.notes ?? ''} onChange={set('notes')} />
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
