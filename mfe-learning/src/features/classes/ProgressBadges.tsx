import type { LessonProgress } from '@kidslearn/contracts';
import { Badge } from '@kidslearn/kit/ui';
import { messages } from '../../messages';

/** A lesson's progress in the panel: nothing before its quiz, SPEC's 'Done' after it, then Practised or Mastered (icon and words). */
export function ProgressBadges({ finished, progress }: { finished: boolean; progress: LessonProgress | undefined }) {
  if (!finished) return null;
  return (
    <>
      <Badge tone="success">{messages.classes.done}</Badge>
      {progress === 'practised' && (
        <Badge tone="info" className="lrn-progress-badge">
          <span aria-hidden="true">↻</span>
          <span>{messages.progress.practised}</span>
        </Badge>
      )}
      {progress === 'mastered' && (
        <Badge tone="warning" className="lrn-progress-badge">
          <span aria-hidden="true">★</span>
          <span>{messages.progress.mastered}</span>
        </Badge>
      )}
    </>
  );
}
