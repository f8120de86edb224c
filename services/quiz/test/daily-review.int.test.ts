// Issue 21: the daily spaced review, with the test clock (X-Test-Now): nothing is due the day of the quiz, the
// next day at most 5 questions mixed across lessons (wrong answers of the quiz first), a wrong answer comes back
// the next day, a right one 3 days later; the full review earns one gem, credited once by gems also when the event
// is delivered again, re-published or the last answer is retried.
import { createEvent } from '@kidslearn/contracts';
import { LogCapture, createLearner, eventually, type TestUser } from '@kidslearn/lib-testkit';
import { addDays, dayOf, weekUpTo } from '../src/domain/review-schedule';
import { tapEvents } from './support/event-tap';
import { startServices, type Started } from './support/harness';
import { call } from './support/http';

interface Item {
  lessonId: string;
  question: number;
  answered: { answer: string; isCorrect: boolean; correct: string; explanation: string | null } | null;
}

const KEYS = { a: ['A', 'B', 'C'], b: ['B', 'C', 'D'], c: ['D', 'A'] };
// a: the last one wrong (reward 1); b: perfect (reward 2); c: both wrong (reward 0) → 3 gems from the quizzes.
const ANSWERS = { a: ['A', 'B', 'D'], b: ['B', 'C', 'D'], c: ['A', 'B'] };
const wrongLetter = (correct: string) => (correct === 'A' ? 'B' : 'A');

let s: Started;
const log = new LogCapture();
let tap: Awaited<ReturnType<typeof tapEvents>>;
let who: TestUser;
const lesson: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
let today: string;
const at = (days: number) => ({ 'X-Test-Now': `${addDays(today, days)}T12:00:00Z` });

beforeAll(async () => {
  [s, tap] = await Promise.all([startServices(undefined, { log }), tapEvents('daily.review.completed')]);
  who = await createLearner();
  [lesson.a, lesson.b, lesson.c] = await Promise.all([
    s.createLesson(KEYS.a, ['a0 why', 'a1 why', 'a2 why']),
    s.createLesson(KEYS.b, ['b0 why', null, 'b2 why']),
    s.createLesson(KEYS.c),
  ]);
  for (const name of ['a', 'b', 'c'] as const) {
    expect((await call('POST', `${s.quizUrl}/quiz-results`, { token: who.token, body: { quizId: lesson[name], answers: ANSWERS[name] } })).status).toBe(201);
  }
  // The day of the attempts (read back, so a run across midnight still counts from the attempts' day).
  const first = await s.quizDb!.collection('attempts').findOne({ email: who.email });
  today = dayOf(first!.createdAt as Date);
});
afterAll(async () => {
  await tap?.close();
  await s?.stop();
});

const review = (days: number, user: TestUser = who) => call('GET', `${s.quizUrl}/daily-review`, { token: user.token, headers: at(days) });
const answer = (days: number, body: unknown) => call('POST', `${s.quizUrl}/daily-review/answers`, { token: who.token, body, headers: at(days) });
const keyOf = (lessonId: string) => Object.values(KEYS)[Object.values(lesson).indexOf(lessonId)]!;
const named = (items: Item[]) => items.map((item) => `${Object.keys(lesson).find((k) => lesson[k as 'a'] === item.lessonId)}${item.question}`);
const balance = async () => (await call('GET', `${s.gemsUrl}/gems/${encodeURIComponent(who.email)}`, { token: who.token })).body.gems as number;
const reviewLines = async () => ((await call('GET', `${s.gemsUrl}/gems/${encodeURIComponent(who.email)}/ledger`, { token: who.token })).body.entries as { kind: string; ref: string; amount: number }[]).filter((e) => e.kind === 'review');
/** Once a review's outbox is empty, every event it held was confirmed by the broker (lib-mongo outbox-relay). */
const outboxSent = async (reviewId: string) => ((await s.quizDb!.collection('dailyReviews').findOne({ _id: reviewId as never }))?.outbox as unknown[] | undefined)?.length === 0;
const reviewDocs = () => s.quizDb!.collection('dailyReviews').find({ email: who.email }).toArray();
const schedule = async (name: 'a' | 'b' | 'c', question: number) => s.quizDb!.collection('reviewSchedule').findOne({ email: who.email, lessonId: lesson[name], question }, { projection: { _id: 0, step: 1, dueDay: 1 } });

describe('the daily review', () => {
  let reviewId: string;

  it('when it is still the day of the quiz, then nothing is due and no review is made', async () => {
    const reply = await review(0);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ day: today, items: [], completed: false, gemEarned: false, daysThisWeek: [] });
    expect(await reviewDocs()).toEqual([]);
    expect(await balance()).toBe(3);
  });

  it('when the next day comes, then 5 questions are due, mixed across the lessons, the quiz\'s wrong answers first; the set stays the same all day', async () => {
    const [first, again] = await Promise.all([review(1), review(1)]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ day: addDays(today, 1), completed: false, gemEarned: false });
    const items = first.body.items as Item[];
    expect(items.every((item) => item.answered === null)).toBe(true);
    // Round one takes each lesson's most urgent question (a and c lead: they hold the wrong answers), round two the next.
    expect(named(items).sort()).toEqual(['a0', 'a2', 'b0', 'c0', 'c1']);
    expect(named(items).slice(0, 3).map((n) => n[0]).sort()).toEqual(['a', 'b', 'c']);
    expect(named(items)[2]).toBe('b0');
    expect(again.body.items).toEqual(items);
    expect((await review(1)).body.items).toEqual(items);
    expect(await reviewDocs()).toHaveLength(1);
    reviewId = (await reviewDocs())[0]!._id as unknown as string;
  });

  it("when a question is not in today's review or the body is bad, then 404 or 400 and nothing changes", async () => {
    const before = await reviewDocs();
    expect(await answer(1, { lessonId: lesson.b, question: 1, answer: 'C' })).toMatchObject({ status: 404, body: { message: "This question is not in today's review." } });
    expect(await answer(1, { lessonId: 'no-such-lesson', question: 0, answer: 'A' })).toMatchObject({ status: 404 });
    for (const body of [{ lessonId: lesson.a, question: 2, answer: 'E' }, { lessonId: lesson.a, question: -1, answer: 'A' }, { lessonId: lesson.a, question: '2', answer: 'A' }, { lessonId: { $gt: '' }, question: 2, answer: 'A' }]) {
      expect((await answer(1, body)).status).toBe(400);
    }
    expect((await call('GET', `${s.quizUrl}/daily-review`, { token: who.token, headers: { 'X-Test-Now': 'tomorrow' } })).status).toBe(400);
    expect(await reviewDocs()).toEqual(before);
  });

  it('when the questions are answered, then each gets its feedback (right letter, explanation) and the review is completed with one gem', async () => {
    const items = (await review(1)).body.items as Item[];
    const [last, ...others] = [...items].reverse();
    for (const item of others) {
      const correct = keyOf(item.lessonId)[item.question]!;
      const wrong = item.lessonId === lesson.a && item.question === 2;
      const reply = await answer(1, { lessonId: item.lessonId, question: item.question, answer: wrong ? wrongLetter(correct) : correct });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ isCorrect: !wrong, correct, review: { completed: false, gemEarned: false } });
      if (item.lessonId === lesson.a) expect(reply.body.explanation).toBe(`a${item.question} why`);
      if (item.lessonId === lesson.c) expect(reply.body.explanation).toBeNull();
    }
    expect(await balance()).toBe(3);

    // The last answer sent twice at once (a client retry): one answer, one completion, one event, one gem.
    const body = { lessonId: last!.lessonId, question: last!.question, answer: keyOf(last!.lessonId)[last!.question] };
    const [one, two] = await Promise.all([answer(1, body), answer(1, body)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.isCorrect).toBe(true);
    expect(two.body).toMatchObject({ isCorrect: true, correct: one.body.correct });
    for (const reply of [one, two]) expect(reply.body.review).toMatchObject({ completed: true, gemEarned: true, daysThisWeek: [addDays(today, 1)] });
    expect((one.body.review.items as Item[]).every((item) => item.answered !== null)).toBe(true);

    await eventually(async () => (await balance()) === 4);
    await eventually(() => tap.events.some((event) => (event.data as { reviewId: string }).reviewId === reviewId));
    // Whatever the two answers wrote into the review's outbox was published, and the tap has received it.
    await eventually(() => outboxSent(reviewId));
    await tap.caughtUp();
    const published = tap.events.filter((event) => (event.data as { reviewId: string }).reviewId === reviewId);
    expect(published).toHaveLength(1);
    expect(published[0]!.data).toEqual({ reviewId, email: who.email, day: addDays(today, 1) });
    expect(await balance()).toBe(4);
    expect(await reviewLines()).toEqual([expect.objectContaining({ kind: 'review', ref: reviewId, amount: 1 })]);
  });

  it('when an answered question is answered again (even differently), then its first feedback comes back and nothing changes', async () => {
    const before = { docs: await reviewDocs(), a2: await schedule('a', 2) };
    const reply = await answer(1, { lessonId: lesson.a, question: 2, answer: 'C' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ isCorrect: false, correct: 'C', explanation: 'a2 why', review: { completed: true, gemEarned: true } });
    expect(await reviewDocs()).toEqual(before.docs);
    expect(await schedule('a', 2)).toEqual(before.a2);
  });

  it('when daily.review.completed is delivered again (the same event re-published, or another event for the same review), then the gem stays one', async () => {
    const event = tap.events.find((e) => (e.data as { reviewId: string }).reviewId === reviewId)!;
    const handledBefore = log.handledCount(event.id, s.gemsName);
    expect(handledBefore).toBeGreaterThanOrEqual(1);
    await s.publish(event);
    await s.publish(event);
    const another = createEvent('daily.review.completed', { reviewId, email: who.email, day: addDays(today, 1) });
    await s.publish(another);
    // gems handled each of them (its log says so): the re-published one twice more, the other one once.
    await Promise.all([log.handled(event.id, { name: s.gemsName, times: handledBefore + 2 }), log.handled(another.id, { name: s.gemsName })]);
    expect(await balance()).toBe(4);
    expect(await reviewLines()).toHaveLength(1);
  });

  it('when the review was answered, then a wrong answer is due again the next day and a right one 3 days later', async () => {
    expect(await schedule('a', 2)).toEqual({ step: 0, dueDay: addDays(today, 2) });
    for (const [name, question] of [['a', 0], ['b', 0], ['c', 0], ['c', 1]] as const) expect(await schedule(name, question)).toEqual({ step: 1, dueDay: addDays(today, 4) });

    // Day 2: the wrong one again, and what day 1 had no room for (never reviewed, due since day 1); none answered right.
    const day2 = (await review(2)).body;
    expect(named(day2.items).sort()).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(day2).toMatchObject({ completed: false, gemEarned: false, daysThisWeek: weekUpTo(addDays(today, 2)).includes(addDays(today, 1)) ? [addDays(today, 1)] : [] });
    // Day 4: the right ones are due again (3 days after day 1).
    const day4 = named((await review(4)).body.items);
    expect(day4).toHaveLength(5);
    expect(day4.filter((n) => ['a0', 'b0', 'c0', 'c1'].includes(n)).length).toBeGreaterThan(0);
  });

  it("when the learner's gems are exported, then the review's gem is a ledger line of kind review", async () => {
    const exported = await call('GET', `${s.gemsUrl}/learner-data/${encodeURIComponent(who.email)}`, { token: who.token });
    expect(exported.status).toBe(200);
    expect(exported.body.ledger).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'review', ref: reviewId, amount: 1, balance: 4 })]));
  });

  it('when another learner asks for their review, then they get their own (nothing due), never this one', async () => {
    const other = await createLearner();
    expect((await review(1, other)).body).toEqual({ day: addDays(today, 1), items: [], completed: false, gemEarned: false, daysThisWeek: [] });
  });
});

describe('a last answer retried after its first try stopped half-way', () => {
  it('when the answer was recorded but the review not completed (the instance died), then the retry completes it: one event, one gem', async () => {
    const learner = await createLearner();
    const lessonId = await s.createLesson(['C']);
    await call('POST', `${s.quizUrl}/quiz-results`, { token: learner.token, body: { quizId: lessonId, answers: ['A'] } });
    const day1 = { 'X-Test-Now': `${addDays(today, 1)}T08:00:00Z` };
    const items = (await call('GET', `${s.quizUrl}/daily-review`, { token: learner.token, headers: day1 })).body.items as Item[];
    expect(items).toEqual([{ lessonId, question: 0, answered: null }]);
    // What the first try wrote before it stopped: the answer, nothing else.
    await s.quizDb!.collection('dailyReviews').updateOne({ email: learner.email }, { $set: { [`answers.${lessonId}_0`]: { answer: 'C', isCorrect: true, correct: 'C', at: new Date() } } });

    const retry = await call('POST', `${s.quizUrl}/daily-review/answers`, { token: learner.token, body: { lessonId, question: 0, answer: 'C' }, headers: day1 });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ isCorrect: true, correct: 'C', explanation: null, review: { completed: true, gemEarned: true } });
    const doc = await s.quizDb!.collection('dailyReviews').findOne({ email: learner.email });
    const mine = () => tap.events.filter((event) => (event.data as { reviewId: string }).reviewId === doc!._id as unknown as string);
    // One wrong of one question earned 1 gem in the quiz (SPEC §9); the review adds one.
    await eventually(async () => (await s.gemsDb!.collection('balances').findOne({ _id: learner.email as never }))?.gems === 2);
    await call('POST', `${s.quizUrl}/daily-review/answers`, { token: learner.token, body: { lessonId, question: 0, answer: 'C' }, headers: day1 });
    // Whatever the second retry wrote into the review's outbox was published, and the tap has received it.
    await eventually(() => outboxSent(doc!._id as unknown as string));
    await tap.caughtUp();
    expect(mine()).toHaveLength(1);
    expect(await s.quizDb!.collection('reviewSchedule').findOne({ email: learner.email }, { projection: { _id: 0, step: 1, dueDay: 1 } })).toEqual({ step: 1, dueDay: addDays(today, 4) });
    expect((await s.gemsDb!.collection('balances').findOne({ _id: learner.email as never }))?.gems).toBe(2);
  });
});
