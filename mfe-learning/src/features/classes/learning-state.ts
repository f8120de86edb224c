// SPEC §4, the Learning screen's states: nothing selected; a lesson open (one at a time, clicking it again
// closes it); a part selected (its index remembered, video shown); quiz mode. Issue 21 adds two views of a
// finished lesson: its answers (after the result dialog, or from the panel) and practice.
import type { Letter } from '../../api/learning-api';

export interface LearningState {
  openLessonId: string;
  mode: 'nothing' | 'video' | 'quiz' | 'answers' | 'practice';
  partIndex: number | undefined;
  answers: Record<number, Letter>;
}

export type LearningAction =
  | { type: 'toggleLesson'; lessonId: string }
  | { type: 'selectPart'; index: number }
  | { type: 'takeQuiz' }
  | { type: 'answer'; question: number; letter: Letter }
  | { type: 'submitted' }
  | { type: 'seeAnswers'; lessonId: string }
  | { type: 'practice'; lessonId: string };

export const initialLearningState: LearningState = { openLessonId: '', mode: 'nothing', partIndex: undefined, answers: {} };

export function learningReducer(state: LearningState, action: LearningAction): LearningState {
  switch (action.type) {
    case 'toggleLesson':
      // Another lesson (or none) starts from nothing selected.
      return { ...initialLearningState, openLessonId: action.lessonId };
    case 'selectPart':
      // Selecting a part leaves quiz mode and clears the answers.
      return { ...state, mode: 'video', partIndex: action.index, answers: {} };
    case 'takeQuiz':
      // 'Take Quiz' clears the video.
      return { ...state, mode: 'quiz', partIndex: undefined, answers: {} };
    case 'answer':
      return { ...state, answers: { ...state.answers, [action.question]: action.letter } };
    case 'submitted':
      // After submit the quiz closes and the answers clear.
      return { ...state, mode: 'nothing', answers: {} };
    case 'seeAnswers':
      // The lesson's answers: after its result dialog closes, or from its 'Done' state in the panel.
      return { ...initialLearningState, openLessonId: action.lessonId, mode: 'answers' };
    case 'practice':
      return { ...initialLearningState, openLessonId: action.lessonId, mode: 'practice' };
  }
}

/** One slot per question; unanswered questions are sent as null and count as wrong. */
export function answerSlots(answers: Record<number, Letter>, questionCount: number): (Letter | null)[] {
  return Array.from({ length: questionCount }, (_, index) => answers[index] ?? null);
}
