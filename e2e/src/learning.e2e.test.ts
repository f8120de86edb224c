import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { createLearner, newPage, signIn, type TestUser } from './fixtures/session';
import { createJourneyLesson, type JourneyLesson } from './fixtures/lessons';
import { seriousA11yViolations } from './fixtures/axe';
import { cleanUpJourney } from './fixtures/cleanup';
import { answerOnce } from './fixtures/gateway-route';

let browser: Browser;
let lesson: JourneyLesson;
// The journey's own learner: no other journey earns gems as them, so the badge moves by exactly this quiz.
let learner: TestUser;
beforeAll(async () => {
  [browser, lesson, learner] = await Promise.all([launchBrowser(), createJourneyLesson('Tens and times'), createLearner()]);
});
afterAll(async () => {
  await browser?.close();
  await cleanUpJourney(learner);
});

/** The navbar's gem count, as screen readers hear it ("7 gems"). */
async function navbarGems(page: Page): Promise<number> {
  const text = await page.getByRole('navigation', { name: 'Main' }).getByText(/^\d+ gems?$/).textContent();
  return Number.parseInt(text ?? '', 10);
}

describe('learner journey: My Classes, the quiz, Done and Standings', () => {
  it('when a learner takes a new lesson’s quiz, leaving a question empty first, then they are asked before it is sent; a failed save is only logged; with correct answers the dialog, the badge (+2), Done after a reload and their standings row show', async () => {
    const page = await newPage(browser);
    await signIn(page, learner, '/my-classes');
    await page.getByRole('heading', { name: 'Lessons' }).waitFor();
    await page.getByText('Select a lesson video or quiz').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByText(/^\d+ gems?$/).waitFor();
    const before = await navbarGems(page);

    await page.getByRole('button', { name: lesson.heading }).click();
    await page.getByRole('button', { name: lesson.partName }).click();
    await page.getByRole('heading', { name: lesson.partName }).waitFor();
    const frame = page.getByTitle(`Lesson video: ${lesson.partName}`);
    expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Take Quiz' }).click();
    await page.getByRole('heading', { name: 'Quiz Time' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const answer = (index: number) => {
      const { question, correctOption } = lesson.questions[index]!;
      return page.getByRole('group', { name: `${index + 1}. ${question}` }).getByText(new RegExp(`^[A-D]\\. ${correctOption}$`)).click();
    };
    // One question left empty: the learner is asked first, and going back sends nothing.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/quiz-results') sent.push(request.url());
    });
    await answer(0);
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    await page.getByRole('heading', { name: 'You left 1 question empty. Submit anyway?' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Keep answering' }).click();
    await page.getByRole('heading', { name: 'You left 1 question empty. Submit anyway?' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Submit Quiz' }).isVisible()).toBe(true);
    expect(sent).toEqual([]);
    for (let index = 1; index < lesson.questions.length; index += 1) await answer(index);
    // SPEC §8: a failed save of the result is only logged: no dialog, the answers stay for another try.
    await answerOnce(page, { method: 'POST', path: '/quiz-results', status: 503, body: { error: 'Service Unavailable' } });
    const logged = page.waitForEvent('console', { predicate: (message) => message.type() === 'error' && message.text().includes('Saving the quiz result failed') });
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    await logged;
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('group', { name: `1. ${lesson.questions[0]!.question}` }).getByRole('radio', { checked: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    await page.getByRole('heading', { name: 'Amazing! Perfect Score!' }).waitFor();
    expect(await page.getByText('You earned 2 gems').isVisible()).toBe(true);
    await page.getByRole('navigation', { name: 'Main' }).getByText(`${before + 2} gems`).waitFor();
    // The dialog closes itself after 3000 ms.
    await page.getByRole('heading', { name: 'Amazing! Perfect Score!' }).waitFor({ state: 'hidden', timeout: 6000 });
    expect(await page.getByRole('button', { name: 'Quiz Attempted' }).isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('button', { name: lesson.heading }).click();
    await page.getByRole('button', { name: 'Quiz Attempted' }).waitFor();
    expect(await page.getByRole('button', { name: 'Quiz Attempted' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: new RegExp(lesson.heading) }).getByText('Done').isVisible()).toBe(true);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Standings' }).click();
    await page.getByRole('heading', { name: 'Quiz Standings' }).waitFor();
    await page.getByRole('button', { name: lesson.heading }).click();
    const table = page.getByRole('table', { name: `Standings for ${lesson.heading}` });
    await table.waitFor();
    const own = table.locator('tr.lrn-own-row');
    await own.waitFor();
    expect(await own.getByText('You').isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await own.locator('td').nth(2).textContent()).toContain('2');
    await page.context().close();
  });

  it('when a learner opens Games on a phone, then the math game plays in its frame without horizontal scroll', async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, learner, '/games');
    await page.getByRole('heading', { name: 'Play Educational Games' }).waitFor();
    const game = page.frameLocator('iframe[title="Math game"]');
    await game.getByRole('heading', { name: 'Math Stars' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Evaluated in the page (the test itself runs in Node).
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await page.context().close();
  });
});
