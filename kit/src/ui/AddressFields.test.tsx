import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AddressFields, addressIncomplete, emptyAddress, trimmedAddress, type AddressValue } from './index';

function Form({ showErrors = false, onValue }: { showErrors?: boolean; onValue?: (value: AddressValue) => void }) {
  const [value, setValue] = useState<AddressValue>(emptyAddress);
  return (
    <AddressFields
      value={value}
      showErrors={showErrors}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

describe('AddressFields (SPEC §3 Address)', () => {
  it('when shown, then every field is labelled, the required ones are marked, and the browser may fill them', () => {
    render(<Form />);
    for (const [label, autoComplete] of [
      ['Name', 'name'],
      ['Phone', 'tel'],
      ['Address line 1', 'address-line1'],
      ['City', 'address-level2'],
      ['Postal code', 'postal-code'],
    ] as const) {
      const input = screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
      expect(input).toBeRequired();
      expect(input).toHaveAttribute('autocomplete', autoComplete);
    }
    expect(screen.getByRole('textbox', { name: /^Address line 2 \(optional\)/ })).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: /^Notes \(optional\)/ })).not.toBeRequired();
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
  });

  it('when the form was tried with blanks, then each blank required field says Required, and typing fills the value', async () => {
    const seen: AddressValue[] = [];
    render(<Form showErrors onValue={(value) => seen.push(value)} />);
    expect(screen.getAllByText('Required')).toHaveLength(5);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ada');
    expect(seen.at(-1)).toMatchObject({ name: 'Ada', phone: '' });
    expect(screen.getAllByText('Required')).toHaveLength(4);
  });

  it('when checked and sent, then blanks in required fields count as incomplete and blank optional fields are left out', () => {
    const full = { ...emptyAddress, name: 'Ada', phone: '1', address1: '1 Road', city: 'Town', postalCode: '123', address2: '  ', notes: '' };
    expect(addressIncomplete(full)).toBe(false);
    expect(addressIncomplete({ ...full, city: '   ' })).toBe(true);
    expect(trimmedAddress(full)).toEqual({ name: 'Ada', phone: '1', address1: '1 Road', city: 'Town', postalCode: '123', address2: undefined, notes: undefined });
  });
});
