// The delivery address of SPEC §3 (Address) as form fields: one form for a learner redeeming a gift (rewards) and
// for a parent confirming where it goes (family). Every field is labelled; the required ones say so once the
// form has been tried; the browser can fill them (autocomplete).
import { forwardRef } from 'react';
import type { Address } from '@kidslearn/contracts';
import { TextArea, TextField } from './fields';

/** The address a gift is delivered to: the contracts' `Address` (SPEC §3). */
export type AddressValue = Address;
type Field = keyof AddressValue;

/** SPEC §5 Redeem: the fields that must not be blank. */
export const ADDRESS_REQUIRED_FIELDS = ['name', 'phone', 'address1', 'city', 'postalCode'] as const satisfies readonly Field[];

export const emptyAddress: AddressValue = { name: '', phone: '', address1: '', address2: '', city: '', postalCode: '', notes: '' };

/** Whether a required field is still blank. */
export const addressIncomplete = (address: AddressValue): boolean => ADDRESS_REQUIRED_FIELDS.some((field) => !address[field]?.trim());

/** The address as sent: optional fields left blank are left out. */
export const trimmedAddress = (address: AddressValue): AddressValue => ({ ...address, address2: address.address2?.trim() || undefined, notes: address.notes?.trim() || undefined });

export type AddressLabels = Record<Field, string> & { required: string };

const defaultLabels: AddressLabels = {
  name: 'Name',
  phone: 'Phone',
  address1: 'Address line 1',
  address2: 'Address line 2 (optional)',
  city: 'City',
  postalCode: 'Postal code',
  notes: 'Notes (optional)',
  required: 'Required',
};

const inputs: Record<Exclude<Field, 'notes'>, { type: string; autoComplete: string }> = {
  name: { type: 'text', autoComplete: 'name' },
  phone: { type: 'tel', autoComplete: 'tel' },
  address1: { type: 'text', autoComplete: 'address-line1' },
  address2: { type: 'text', autoComplete: 'address-line2' },
  city: { type: 'text', autoComplete: 'address-level2' },
  postalCode: { type: 'text', autoComplete: 'postal-code' },
};

export interface AddressFieldsProps {
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  /** Marks the blank required fields (after a first try to send). */
  showErrors: boolean;
  labels?: Partial<AddressLabels>;
}

/** The fields only (the form, its heading, its errors and buttons are the caller's); the ref is the first field's. */
export const AddressFields = forwardRef<HTMLInputElement, AddressFieldsProps>(function AddressFields({ value, onChange, showErrors, labels }, firstFieldRef) {
  const text = { ...defaultLabels, ...labels };
  const set = (field: Field) => (event: { target: { value: string } }) => onChange({ ...value, [field]: event.target.value });
  const required = (field: Field) => (ADDRESS_REQUIRED_FIELDS as readonly Field[]).includes(field);
  const input = (field: Exclude<Field, 'notes'>) => (
    <TextField
      ref={field === 'name' ? firstFieldRef : undefined}
      label={text[field]}
      name={field}
      value={value[field] ?? ''}
      onChange={set(field)}
      required={required(field)}
      error={showErrors && required(field) && !value[field]?.trim() ? text.required : undefined}
      {...inputs[field]}
    />
  );
  return (
    <>
      {input('name')}
      {input('phone')}
      {input('address1')}
      {input('address2')}
      <div className="kl-address-row">
        {input('city')}
        {input('postalCode')}
      </div>
      <TextArea label={text.notes} name="notes" rows={2} value={value.notes ?? ''} onChange={set('notes')} />
    </>
  );
});
