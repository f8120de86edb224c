// Lessons for a drill's quiz: lesson.created published on the drill's broker (as content does), then
// waited for in quiz's database. Each answer key is known, so a submission's reward is chosen.
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { LETTERS, type Letter } from '@kidslearn/contracts';
import { EventBus, createEvent } from '@kidslearn/lib-events';

export interface DrillLesson {
  id: string;
  key: Letter[];
}

export async function createDrillLessons(amqpUrl: string, quizDbUrl: string, count: number): Promise<DrillLesson[]> {
  const lessons = Array.from({ length: count }, (_, i) => ({
    id: `drill-${randomUUID().slice(0, 12)}`,
    key: Array.from({ length: 5 }, (_, q) => LETTERS[(i + q) % 4]!),
  }));
  const bus = await EventBus.connect({ url: amqpUrl, serviceName: `drill-${randomUUID().slice(0, 8)}`, logger: createLogger('drill', 'silent') });
  const quizDb = await mongoose.createConnection(quizDbUrl).asPromise();
  try {
    for (const lesson of lessons) {
      await bus.publish(createEvent('lesson.created', { lessonId: lesson.id, lessonHeading: `Drill ${lesson.id}`, answerKey: lesson.key }));
    }
    const ids = lessons.map((l) => l.id);
    const deadline = Date.now() + 60_000;
    while ((await quizDb.collection('answerKeys').countDocuments({ _id: { $in: ids } as never })) < ids.length) {
      if (Date.now() > deadline) throw new Error('quiz did not store the drill lessons within 60 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await quizDb.close();
    await bus.close();
  }
  return lessons;
}

/** Answers to `lesson` with `wrong` of them wrong (0 → reward 2, 1 → reward 1, more → 0). */
export function answersFor(lesson: DrillLesson, wrong: number): string[] {
  return lesson.key.map((letter, q) => (q < wrong ? LETTERS[(LETTERS.indexOf(letter) + 1) % 4]! : letter));
}
