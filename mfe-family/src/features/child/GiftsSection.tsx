import { useFamilyApi } from '../../api/family-api';
import { messages } from '../../messages';
import { GiftRequest } from './GiftRequest';
import { Section } from './Section';
import { isMissing, SectionStatus } from './SectionStatus';

/** The child's gift requests, newest first, with their state; those waiting for the parent can be answered. */
export function GiftsSection({ linkId, name }: { linkId: string; name: string }) {
  const gifts = useFamilyApi().useFamilyChildRedemptionsQuery(linkId);
  const rows = gifts.data ?? (isMissing(gifts) ? [] : undefined);
  const sorted = [...(rows ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Section id="fam-gifts" title={messages.gifts.heading}>
      <SectionStatus query={gifts} />
      {rows?.length === 0 && <p className="fam-muted">{messages.gifts.empty}</p>}
      {sorted.length > 0 && (
        <ul className="fam-list">
          {sorted.map((gift) => (
            <GiftRequest key={gift._id} gift={gift} childName={name} />
          ))}
        </ul>
      )}
    </Section>
  );
}
