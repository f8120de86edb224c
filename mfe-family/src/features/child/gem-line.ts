import type { ChildGemLine } from '../../api/family-api';
import { messages } from '../../messages';

const text = messages.gems;

/** What a line of the child's gem history was for, named from their lessons and gift requests. */
export function describeGemLine(line: ChildGemLine, lessonName: (id: string) => string | undefined, giftName: (id: string) => string | undefined): string {
  const gift = () => (line.redemptionId && giftName(line.redemptionId)) || text.aGift;
  switch (line.kind) {
    case 'quiz':
      return text.earnedFor((line.lessonId && lessonName(line.lessonId)) || text.aLesson);
    case 'review':
      return text.review;
    case 'redemption':
      return text.spentOn(gift());
    case 'refund':
      return text.refundFor(gift());
    default:
      return text.adjusted;
  }
}
