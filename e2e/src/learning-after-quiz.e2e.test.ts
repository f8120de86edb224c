// Issue 21 "Learning that sticks", walked with the keyboard only: the quiz with two wrong answers, both
// explanations, practice until the lesson is mastered, and (with the server's clock moved to tomorrow for the
// review's calls) today's review, whose gem arrives once.
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { seriousA11yViolations } from './fixtures/axe';
import { cleanUpJourney } from './fixtures/cleanup';
import { createJourneyLesson, type JourneyLesson } from './fixtures/lessons';
import { PHONE, createLearner, gatewayCall, newPage, signIn, type TestUser } from './fixtures/session';

let browser: Browser;
let lesson: JourneyLesson;
let learner: TestUser;
beforeAll(async () => {
  [browser, lesson, learner] = await Promise.all([launchBrowser(), createJourneyLesson('Learning that sticks'), createLearner()]);
});
afterAll(async () => {
  await browser?.close();
  await cleanUpJourney(learner);
});

const MAX_TABS = 80;

/** Presses Tab until `target` has the focus (the way a keyboard user gets there); fails if it never does. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < MAX_TABS; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Tab to a control, then press it with Enter. */
async function press(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/** The navbar's gem count. */
async function navbarGems(page: Page): Promise<number> {
  const text = await page.getByRole('navigation', { name: 'Main' }).getByText(/^\d+ gems?$/).textContent();
  return Number.parseInt(text ?? '', 10);
}

const option = (scope: Locator, text: string) => scope.getByRole('button', { name: new RegExp(`^[A-D]\\. ${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

/** Answers the practice question on screen (finding which of the lesson's questions it is) right or wrong. */
async function answerPracticeStep(page: Page, right: boolean): Promise<void> {
  const step = page.locator('.lrn-step');
  const text = await step.locator('.lrn-step__text').textContent();
  const question = lesson.questions.find((q) => q.question === text);
  if (!question) throw new Error(`unknown practice question ${text}`);
  await press(page, option(step, right ? question.correctOption : question.wrongOption));
  await step.getByText(right ? 'Correct!' : /^Not quite/).first().waitFor();
  if (!right) expect(await step.getByText(question.explanation).isVisible()).toBe(true);
}

async function practiceRun(page: Page, rightAnswers: boolean[]): Promise<void> {
  for (const [index, right] of rightAnswers.entries()) {
    await page.getByRole('heading', { name: `Question ${index + 1} of ${rightAnswers.length}` }).waitFor();
    await answerPracticeStep(page, right);
    // The answer moved the focus to the next button: Enter goes on.
    await page.keyboard.press('Enter');
  }
  const score = rightAnswers.filter(Boolean).length;
  await page.getByText(`You got ${score} of ${rightAnswers.length} right in practice!`).waitFor();
}

describe('learning after a quiz (issue 21)', () => {
  it('when a learner answers two questions wrong, then with the keyboard only they read both explanations, practise until the lesson is mastered, and the next day’s review earns one gem once', async () => {
    const page = await newPage(browser);
    await signIn(page, learner, '/my-classes');
    await page.getByRole('heading', { name: 'Lessons' }).waitFor();
    const lessonHeader = page.getByRole('button', { name: new RegExp(lesson.heading) });

    // The quiz, both answers wrong, by keyboard: Tab into each radio group, arrow to the option, Enter submits.
    await press(page, lessonHeader);
    await press(page, page.getByRole('button', { name: 'Take Quiz' }));
    await page.getByRole('heading', { name: 'Quiz Time' }).waitFor();
    for (const [index, question] of lesson.questions.entries()) {
      const group = page.getByRole('radiogroup', { name: `${index + 1}. ${question.question}` }).or(page.getByRole('group', { name: `${index + 1}. ${question.question}` }));
      await tabTo(page, group.getByRole('radio').first());
      await page.keyboard.press('Space'); // option A: wrong for both questions
      expect(await group.getByRole('radio', { name: `A. ${question.wrongOption}` }).isChecked()).toBe(true);
    }
    await press(page, page.getByRole('button', { name: 'Submit Quiz' }));
    await page.getByRole('heading', { name: 'Quiz Submitted!' }).waitFor();
    expect(await page.getByText('You scored 0/2. Keep practicing!').isVisible()).toBe(true);
    await page.keyboard.press('Enter'); // the dialog's OK has the focus

    // See your answers: both wrong, each with the correct answer and its explanation (icons and words).
    const review = page.getByRole('heading', { name: `Your answers: ${lesson.heading}` });
    await review.waitFor();
    for (const question of lesson.questions) {
      await page.getByText(question.explanation).waitFor();
      expect(await page.getByText(new RegExp(`Correct answer: [A-D]\\. ${question.correctOption}$`)).first().isVisible()).toBe(true);
    }
    expect(await page.getByText('Not quite').count()).toBeGreaterThanOrEqual(2);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.getByRole('button', { name: 'Quiz Attempted' }).isDisabled()).toBe(true);

    // Practice: one run half right (practised), then two perfect runs (mastered).
    // The review offers Practice (so does the lesson in the panel).
    await press(page, page.locator('.lrn-viewer').getByRole('button', { name: 'Practice', exact: true }));
    await page.getByRole('heading', { name: `Practice: ${lesson.heading}` }).waitFor();
    await practiceRun(page, [false, true]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await lessonHeader.getByText('Practised').waitFor();
    await press(page, page.getByRole('button', { name: 'Practice again' }));
    await practiceRun(page, [true, true]);
    await press(page, page.getByRole('button', { name: 'Practice again' }));
    await practiceRun(page, [true, true]);
    await lessonHeader.getByText('Mastered').waitFor();
    const progress = await gatewayCall<{ lessonId: string; progress: string; practice: { count: number; best: number } }[]>(learner.token, 'GET', '/quiz-results/progress');
    expect(progress.find((row) => row.lessonId === lesson.id)).toMatchObject({ progress: 'mastered', practice: { count: 3, best: 2 } });
    await page.context().close();

    // Tomorrow, as the quiz service sees it for the review's calls: the lesson's two questions are due.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const phone = await newPage(browser, PHONE);
    await phone.route(/\/daily-review/, (route, request) => route.continue({ headers: { ...request.headers(), 'x-test-now': tomorrow } }));
    await signIn(phone, learner, '/my-classes');
    await phone.getByRole('heading', { name: "Today's review" }).waitFor();
    await phone.getByRole('navigation', { name: 'Main' }).getByText(/^\d+ gems?$/).waitFor();
    const before = await navbarGems(phone);
    const card = phone.locator('.lrn-daily');
    for (let n = 1; n <= lesson.questions.length; n += 1) {
      await card.getByRole('heading', { name: `Question ${n} of ${lesson.questions.length}` }).waitFor();
      const text = await card.locator('.lrn-step__text').textContent();
      const question = lesson.questions.find((q) => q.question === text);
      if (!question) throw new Error(`unknown review question ${text}`);
      await press(phone, option(card, question.correctOption));
      await card.getByText('Correct!').waitFor();
      expect(await seriousA11yViolations(phone)).toEqual([]);
      await phone.keyboard.press('Enter');
    }
    await card.getByText('All done for today! You earned 1 gem.').waitFor();
    await phone.getByRole('navigation', { name: 'Main' }).getByText(new RegExp(`^${before + 1} gems?$`)).waitFor();
    expect(await phone.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

    // Once: the review again (a reload, and the ledger) adds nothing.
    await phone.reload();
    await phone.getByRole('heading', { name: "Today's review" }).waitFor();
    await phone.getByText(/Reviewed on 1 day this week/).waitFor();
    const ledger = await gatewayCall<{ entries: { kind: string; amount: number }[] }>(learner.token, 'GET', `/gems/${encodeURIComponent(learner.email)}/ledger`);
    expect(ledger.entries.filter((entry) => entry.kind === 'review')).toEqual([expect.objectContaining({ kind: 'review', amount: 1 })]);
    expect((await gatewayCall<{ gems: number }>(learner.token, 'GET', `/gems/${encodeURIComponent(learner.email)}`)).gems).toBe(before + 1);
    await phone.context().close();
  });
});
