import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderLearning } from '../../test/render-learning';
import { attempted, learningGateway } from '../../test/learning-fixtures';

const viewer = () => screen.getByRole('region', { name: 'Lesson viewer' });
const openLesson = async (name: string) => userEvent.click(await screen.findByRole('button', { name: new RegExp(name) }));

describe('See your answers (issue 21)', () => {
  it('when a quiz is submitted, then its answers show only once the SPEC result dialog has closed, with focus on their heading', async () => {
    const view = renderLearning('/my-classes', { gateway: learningGateway() });
    let closeDialog = () => undefined as void;
    view.feedback.alert = async (options) => {
      view.feedback.alerts.push(options);
      await new Promise<void>((resolve) => (closeDialog = resolve));
    };
    await openLesson('Adding tens');
    await userEvent.click(screen.getByRole('button', { name: 'Take Quiz' }));
    await userEvent.click(within(screen.getByRole('group', { name: '1. 10 + 10?' })).getByLabelText('A. 20'));
    await userEvent.click(within(screen.getByRole('group', { name: '2. 20 + 20?' })).getByLabelText('B. 30'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Quiz' }));

    await waitFor(() => expect(view.feedback.alerts).toEqual([{ title: 'Quiz Submitted!', text: 'You scored 1/2. Great job—earned 1 gem!', icon: 'success' }]));
    expect(screen.queryByRole('heading', { name: 'Your answers: Adding tens' })).not.toBeInTheDocument();
    expect(await screen.findByText('Select a lesson video or quiz')).toBeInTheDocument();

    closeDialog();
    const heading = await screen.findByRole('heading', { name: 'Your answers: Adding tens' });
    expect(heading).toHaveFocus();
    expect(await screen.findByText('You got 1 of 2 right.')).toBeInTheDocument();
    // The review was already on its way while the dialog was up.
    expect(view.calls.filter((call) => call.url === '/quiz-results/l1/review')).toHaveLength(1);
  });

  it('when the answers show, then each question has its text, the child’s answer, the correct one, the explanation and a ✓/✗ with words', async () => {
    renderLearning('/my-classes', { gateway: learningGateway({ mine: attempted }) });
    await openLesson('Adding tens');
    await userEvent.click(await screen.findByRole('button', { name: 'See your answers' }));

    await screen.findByText('You got 1 of 2 right.');
    const [first, second] = within(viewer()).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: '1. 10 + 10?' })).toBeInTheDocument();
    expect(within(first!).getByText('Correct!')).toBeInTheDocument();
    expect(within(first!).getByText('✓')).toHaveAttribute('aria-hidden', 'true');
    expect(within(first!).getByText('Your answer: A. 20')).toBeInTheDocument();
    expect(within(first!).getByText('Correct answer: A. 20')).toBeInTheDocument();

    expect(within(second!).getByRole('heading', { name: '2. 20 + 20?' })).toBeInTheDocument();
    expect(within(second!).getByText('Not quite')).toBeInTheDocument();
    expect(within(second!).getByText('✗')).toHaveAttribute('aria-hidden', 'true');
    expect(within(second!).getByText('Your answer: B. 30')).toBeInTheDocument();
    expect(within(second!).getByText('Correct answer: C. 40')).toBeInTheDocument();
    expect(within(second!).getByText("Let's see why:")).toBeInTheDocument();
    expect(within(second!).getByText('Two tens and two tens make four tens: 40.')).toBeInTheDocument();
    // SPEC: the lesson stays Done with its disabled 'Quiz Attempted'.
    expect(screen.getByRole('button', { name: 'Quiz Attempted' })).toBeDisabled();
  });

  it('when a question was left empty and has no explanation, then it says so kindly and shows no explanation', async () => {
    const review = { lessonId: 'l1', score: 0, total: 2, questions: [
      { index: 0, chosen: null, correct: 'A', isCorrect: false, explanation: null },
      { index: 1, chosen: 'C', correct: 'C', isCorrect: true, explanation: null },
    ] };
    renderLearning('/my-classes', { gateway: learningGateway({ mine: attempted, review: { status: 200, body: review } }) });
    await openLesson('Adding tens');
    await userEvent.click(await screen.findByRole('button', { name: 'See your answers' }));
    expect(await screen.findByText('Your answer: you left this one empty')).toBeInTheDocument();
    expect(screen.getByText('Correct answer: A. 20')).toBeInTheDocument();
    expect(screen.queryByText("Let's see why:")).not.toBeInTheDocument();
  });

  it('when the answers cannot be read, then the failure is logged and a friendly line shows', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLearning('/my-classes', { gateway: learningGateway({ mine: attempted, review: { status: 503 } }) });
    await openLesson('Adding tens');
    await userEvent.click(await screen.findByRole('button', { name: 'See your answers' }));
    expect(await screen.findByText("We can't show your answers just now. Please try again soon.")).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Loading the answers review failed', expect.anything());
    error.mockRestore();
  });
});
