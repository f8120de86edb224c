// A gentle streak: this week's days, the reviewed ones marked with a star. Nothing is ever shown as lost: an
// empty week shows nothing at all.
import { cx } from '@kidslearn/kit/ui';
import { weekDayIndex } from '../../domain/week-day';
import { messages } from '../../messages';

export function WeekStreak({ daysThisWeek }: { daysThisWeek: string[] }) {
  const reviewed = new Set(daysThisWeek.map(weekDayIndex).filter((index) => index !== undefined));
  if (reviewed.size === 0) return null;
  return (
    <div className="lrn-streak">
      {/* The sentence below is the markers' text alternative. */}
      <ol className="lrn-streak__days" aria-hidden="true">
        {messages.daily.weekDays.map((day, index) => (
          <li key={day} className={cx('lrn-streak__day', reviewed.has(index) && 'lrn-streak__day--reviewed')}>
            <span className="lrn-streak__mark">{reviewed.has(index) ? '★' : '·'}</span>
            <span>{day}</span>
          </li>
        ))}
      </ol>
      <p className="lrn-streak__text">{messages.daily.streak(reviewed.size)}</p>
    </div>
  );
}
