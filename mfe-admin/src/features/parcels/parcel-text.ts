import type { Address } from '../../api/admin-api';

export function oneLineAddress(address: Address): string {
  return [address.address1, address.address2, `${address.city} ${address.postalCode}`, address.notes].filter((part) => part && part.trim()).join(', ');
}
