import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderLearning } from '../../test/render-learning';
import { attempted, learningGateway } from '../../test/learning-fixtures';

class FakeUtterance {
  rate = 1;
  constructor(readonly text: string) {}
}

function installSpeech() {
  const speech = { speak: jest.fn(), cancel: jest.fn() };
  Object.defineProperty(window, 'speechSynthesis', { value: speech, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
  return speech;
}

function removeSpeech() {
  const browser = window as { speechSynthesis?: unknown; SpeechSynthesisUtterance?: unknown };
  delete browser.speechSynthesis;
  delete browser.SpeechSynthesisUtterance;
}

async function openQuiz() {
  renderLearning('/my-classes', { gateway: learningGateway() });
  await userEvent.click(await screen.findByRole('button', { name: /Adding tens/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Take Quiz' }));
}

describe('Read aloud (issue 21)', () => {
  afterEach(removeSpeech);

  it('when the browser has no speech synthesis, then there is no speaker button', async () => {
    await openQuiz();
    expect(screen.getByRole('heading', { name: 'Quiz Time' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Read aloud' })).not.toBeInTheDocument();
  });

  it('when a quiz question’s speaker is pressed, then the question and its four options are read, after stopping what was being read', async () => {
    const speech = installSpeech();
    await openQuiz();
    const buttons = screen.getAllByRole('button', { name: 'Read aloud' });
    expect(buttons).toHaveLength(2);
    // The group keeps its SPEC name: the speaker sits outside the legend.
    expect(screen.getByRole('group', { name: '2. 20 + 20?' })).toBeInTheDocument();
    await userEvent.click(buttons[1]!);
    expect(speech.cancel).toHaveBeenCalled();
    expect(speech.speak).toHaveBeenCalledTimes(1);
    expect(speech.speak.mock.calls[0][0]).toMatchObject({ text: '20 + 20? A: 10. B: 30. C: 40. D: 50.' });
    expect(speech.cancel.mock.invocationCallOrder[0]).toBeLessThan(speech.speak.mock.invocationCallOrder[0]!);
    await userEvent.click(buttons[0]!);
    expect(speech.speak).toHaveBeenCalledTimes(2);
    expect(speech.cancel.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('when practising, then the question is read with its options in their order on screen', async () => {
    const speech = installSpeech();
    renderLearning('/my-classes', { gateway: learningGateway({ mine: attempted }) });
    await userEvent.click(await screen.findByRole('button', { name: /Adding tens/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Practice' }));
    await screen.findByRole('heading', { name: 'Question 1 of 2' });
    const order = within(screen.getByRole('group', { name: '10 + 10?' }))
      .getAllByRole('button')
      .map((button) => button.textContent!.replace('. ', ': '));
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(speech.speak.mock.calls[0][0]).toMatchObject({ text: `10 + 10? ${order.map((option) => `${option}.`).join(' ')}` });
  });

  it('when today’s review shows a question, then it has a speaker too', async () => {
    const speech = installSpeech();
    renderLearning('/my-classes', { gateway: learningGateway({ daily: { day: '2026-03-04', items: [{ lessonId: 'l2', question: 0, answered: null }], completed: false, gemEarned: false, daysThisWeek: [] } }) });
    await screen.findByRole('heading', { name: 'Question 1 of 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(speech.speak.mock.calls[0][0]).toMatchObject({ text: '6 × 7? A: 42. B: 36. C: 48. D: 67.' });
  });
});
