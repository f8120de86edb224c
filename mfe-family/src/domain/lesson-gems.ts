import type { ChildGemLine } from '@kidslearn/contracts';

/** Gems the child earned per lesson (every quiz line of the history), for the lessons table. */
export function gemsPerLesson(lines: readonly ChildGemLine[]): Map<string, number> {
  const perLesson = new Map<string, number>();
  for (const line of lines) {
    if (line.kind !== 'quiz' || !line.lessonId) continue;
    perLesson.set(line.lessonId, (perLesson.get(line.lessonId) ?? 0) + line.amount);
  }
  return perLesson;
}
