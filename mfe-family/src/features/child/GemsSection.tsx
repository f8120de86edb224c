import { GemBadge } from '@kidslearn/kit/ui';
import { useFamilyApi } from '../../api/family-api';
import { day } from '../../domain/dates';
import { messages } from '../../messages';
import { describeGemLine } from './gem-line';
import { Section } from './Section';
import { isMissing, SectionStatus } from './SectionStatus';

const text = messages.gems;

/** The child's gem balance and its history, newest first: earned per lesson, spent per gift, refunds. */
export function GemsSection({ linkId }: { linkId: string }) {
  const api = useFamilyApi();
  const gems = api.useFamilyChildGemsQuery(linkId);
  // The same queries as the Lessons and Gifts sections (one request each): they name the lines.
  const learning = api.useFamilyChildLearningQuery(linkId);
  const gifts = api.useFamilyChildRedemptionsQuery(linkId);
  const lessons = new Map((learning.data?.lessons ?? []).map((row) => [row.lessonId, row.lessonHeading]));
  const giftNames = new Map((gifts.data ?? []).map((row) => [row._id, row.giftName]));
  const data = gems.data ?? (isMissing(gems) ? { balance: 0, lines: [] } : undefined);
  const lines = [...(data?.lines ?? [])].filter((line) => line.amount !== 0).sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Section id="fam-gems" title={text.heading}>
      <SectionStatus query={gems} />
      {data && (
        <>
          <p className="fam-balance">
            <span>{text.balance}</span> <GemBadge gems={data.balance} />
          </p>
          <h3>{text.history}</h3>
          {lines.length === 0 ? (
            <p className="fam-muted">{text.empty}</p>
          ) : (
            <ul className="fam-list">
              {lines.map((line, index) => (
                <li key={`${line.at}-${index}`} className="fam-row">
                  <span className={line.amount > 0 ? 'fam-amount fam-earned' : 'fam-amount fam-spent'}>{line.amount > 0 ? text.earned(line.amount) : text.spent(-line.amount)}</span>
                  <span className="fam-row-main">
                    <strong>{describeGemLine(line, (id) => lessons.get(id), (id) => giftNames.get(id))}</strong>
                    <span className="fam-muted">{day(line.at)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  );
}
