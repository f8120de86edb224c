import type { Address, PendingParcel } from '../../api/admin-api';

export function oneLineAddress(address: Address): string {
  return [address.address1, address.address2, `${address.city} ${address.postalCode}`, address.notes].filter((part) => part && part.trim()).join(', ');
}

/** The search box: gift, recipient, city or email contain the words typed (any case). */
export function matchesParcel(parcel: PendingParcel, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return true;
  return [parcel.giftName, parcel.address.name, parcel.address.city, parcel.email].some((text) => text.toLowerCase().includes(wanted));
}
