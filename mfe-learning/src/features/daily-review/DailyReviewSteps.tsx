// Today's questions one at a time: each answer goes to the quiz service, which answers with the feedback
// and the review as it stands (so a reload continues where the child stopped).
import { useEffect, useRef, useState } from 'react';
import { DAILY_REVIEW_GEMS, type DailyReview, type DailyReviewItem } from '@kidslearn/contracts';
import type { LearnerLesson, LearnerQuestion, Letter } from '../../api/learning-api';
import { messages } from '../../messages';
import { shownOptions } from '../questions/options';
import { QuestionStep } from '../questions/QuestionStep';
import { useDailyReviewAnswer } from './useDailyReviewAnswer';

interface ShownItem {
  item: DailyReviewItem;
  question: LearnerQuestion;
}

/** Today's items with their question texts (from GET /lessons); an item of a lesson no longer listed is left out. */
function shownItems(review: DailyReview, lessons: LearnerLesson[]): ShownItem[] {
  return review.items.flatMap((item) => {
    const question = lessons.find((lesson) => lesson._id === item.lessonId)?.quiz[item.question];
    return question ? [{ item, question }] : [];
  });
}

export function DailyReviewSteps({ review, lessons }: { review: DailyReview; lessons: LearnerLesson[] }) {
  const { answer, answering } = useDailyReviewAnswer();
  // The item whose answer is on its way or whose feedback shows, until 'Next question'.
  const [current, setCurrent] = useState<{ position: number; choice: Letter } | undefined>();
  // Focus follows the questions only after the child has moved on (never on the page's first load).
  const [moved, setMoved] = useState(false);
  const [gemsEarned, setGemsEarned] = useState(0);
  const items = shownItems(review, lessons);
  const position = current?.position ?? items.findIndex(({ item }) => item.answered === null);
  const shown = items[position];
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (moved && !shown) done.current?.focus();
  }, [moved, shown]);

  if (items.length === 0) return <p className="lrn-daily__note">{messages.daily.nothingDue}</p>;
  if (!shown) {
    return (
      <h3 ref={done} tabIndex={-1} className="lrn-daily__done">
        {messages.daily.allDone(gemsEarned)}
      </h3>
    );
  }

  const { item, question } = shown;
  const options = shownOptions(question);
  const answered = item.answered;
  const moreToGo = items.some((other, index) => index !== position && other.item.answered === null);

  const onChoose = async (choice: Letter) => {
    setCurrent({ position, choice });
    try {
      const { gemEarnedNow } = await answer({ lessonId: item.lessonId, question: item.question, answer: choice }, review);
      if (gemEarnedNow) setGemsEarned(DAILY_REVIEW_GEMS);
    } catch (error) {
      console.error('Saving the review answer failed', error);
      setCurrent(undefined);
    }
  };

  return (
    <>
      <p className="lrn-intro">{messages.daily.intro}</p>
      <QuestionStep
        key={`${item.lessonId}-${item.question}`}
        number={position + 1}
        total={items.length}
        question={question.question}
        options={options}
        chosen={answered?.answer ?? current?.choice}
        feedback={answered ? { isCorrect: answered.isCorrect, correct: options.find((option) => option.value === answered.correct)!, explanation: answered.explanation } : undefined}
        busy={answering}
        focusOnShow={moved}
        nextLabel={moreToGo ? messages.step.next : messages.daily.finish}
        onChoose={(choice) => void onChoose(choice)}
        onNext={() => {
          setCurrent(undefined);
          setMoved(true);
        }}
      />
    </>
  );
}
