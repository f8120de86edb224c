// One practice run: a question at a time with immediate feedback, then the score, which is sent to the quiz
// service (scored there again; no gems, no standings). 'Practice again' starts a new run with a new shuffle.
import { useState } from 'react';
import type { AnswerReview, LearnerLesson, Letter } from '../../api/learning-api';
import { useLearningApi } from '../../api/learning-api';
import { messages } from '../../messages';
import { QuestionStep } from '../questions/QuestionStep';
import { practiceAnswers, practiceQuestions } from './practice-questions';
import { PracticeScore } from './PracticeScore';

export interface PracticeRunProps {
  lesson: LearnerLesson;
  review: AnswerReview;
  /** focus the first question (a run after 'Practice again'); the first run leaves focus on the view's heading */
  focusFirst: boolean;
  onAgain: () => void;
  onSeeAnswers: () => void;
}

export function PracticeRun({ lesson, review, focusFirst, onAgain, onSeeAnswers }: PracticeRunProps) {
  const [savePractice] = useLearningApi().useLearningSavePracticeMutation();
  const [questions] = useState(() => practiceQuestions(lesson, review));
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<ReadonlyMap<number, Letter>>(new Map());
  const [finished, setFinished] = useState(false);
  const score = questions.filter((question) => chosen.get(question.index) === question.correct).length;

  if (finished) return <PracticeScore score={score} total={questions.length} onAgain={onAgain} onSeeAnswers={onSeeAnswers} />;
  const question = questions[step];
  if (!question) return <p className="lrn-note">{messages.practice.unavailable}</p>;
  const answer = chosen.get(question.index);
  const last = step === questions.length - 1;

  const onNext = () => {
    if (!last) return setStep(step + 1);
    setFinished(true);
    savePractice({ lessonId: lesson._id, answers: practiceAnswers(lesson.quiz.length, chosen) })
      .unwrap()
      .catch((error: unknown) => console.error('Saving the practice run failed', error));
  };

  return (
    <QuestionStep
      key={question.index}
      number={step + 1}
      total={questions.length}
      question={question.text}
      options={question.options}
      chosen={answer}
      feedback={answer === undefined ? undefined : { isCorrect: answer === question.correct, correct: question.options.find((option) => option.value === question.correct)!, explanation: question.explanation }}
      focusOnShow={focusFirst || step > 0}
      nextLabel={last ? messages.practice.seeScore : messages.step.next}
      onChoose={(value) => setChosen((before) => new Map(before).set(question.index, value))}
      onNext={onNext}
    />
  );
}
