import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderLearning } from '../../test/render-learning';
import { attempted, learningGateway } from '../../test/learning-fixtures';

const practice = { best: 2, total: 2, count: 2, strongRuns: 2, lastAt: '2026-03-03T10:00:00Z' };
const lessonTrigger = (name: string) => screen.findByRole('button', { name: new RegExp(name) });

describe('Progress badges in the Lessons panel (issue 21)', () => {
  it('when lessons are not started, done, practised or mastered, then each shows no badge, Done, Done + Practised or Done + Mastered (icon and words)', async () => {
    renderLearning('/my-classes', {
      gateway: learningGateway({
        mine: [...attempted, { lessonId: 'l2', score: 2, total: 2, reward: 2, at: '2026-03-01T09:00:00Z' }],
        progress: [
          { lessonId: 'l1', progress: 'practised', practice: { ...practice, count: 1, strongRuns: 0, best: 1 } },
          { lessonId: 'l2', progress: 'mastered', practice },
        ],
      }),
    });
    const adding = await lessonTrigger('Adding tens');
    expect(await within(adding).findByText('Practised')).toBeInTheDocument();
    expect(within(adding).getByText('Done')).toBeInTheDocument();
    expect(within(adding).getByText('↻')).toHaveAttribute('aria-hidden', 'true');
    expect(within(adding).queryByText('Mastered')).not.toBeInTheDocument();

    const times = await lessonTrigger('Times tables');
    expect(within(times).getByText('Mastered')).toBeInTheDocument();
    expect(within(times).getByText('★')).toHaveAttribute('aria-hidden', 'true');
    expect(within(times).getByText('Done')).toBeInTheDocument();
    expect(times).toHaveAccessibleName('Times tables Done Mastered');
  });

  it('when a lesson is only done, then it keeps the SPEC badge alone; a lesson not started has none', async () => {
    renderLearning('/my-classes', { gateway: learningGateway({ mine: attempted, progress: [{ lessonId: 'l1', progress: 'done', practice: null }] }) });
    const adding = await lessonTrigger('Adding tens');
    expect(within(adding).getByText('Done')).toBeInTheDocument();
    expect(within(adding).queryByText('Practised')).not.toBeInTheDocument();
    expect(within(await lessonTrigger('Times tables')).queryByText('Done')).not.toBeInTheDocument();
  });

  it('when a finished lesson is opened, then See your answers and Practice sit beside the disabled Quiz Attempted; an unfinished one offers only Take Quiz', async () => {
    renderLearning('/my-classes', { gateway: learningGateway({ mine: attempted }) });
    await userEvent.click(await lessonTrigger('Adding tens'));
    expect(await screen.findByRole('button', { name: 'Quiz Attempted' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'See your answers' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Practice' })).toBeEnabled();

    await userEvent.click(await lessonTrigger('Times tables'));
    expect(screen.getByRole('button', { name: 'Take Quiz' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'See your answers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Practice' })).not.toBeInTheDocument();
  });

  it('when a practice run is saved, then the progress is read again', async () => {
    const view = renderLearning('/my-classes', { gateway: learningGateway({ mine: attempted }) });
    await userEvent.click(await lessonTrigger('Adding tens'));
    await userEvent.click(await screen.findByRole('button', { name: 'Practice' }));
    for (const step of ['Next question', 'See my score']) {
      await userEvent.click((await screen.findAllByRole('button', { name: /^[A-D]\. / }))[0]!);
      await userEvent.click(screen.getByRole('button', { name: step }));
    }
    await screen.findByRole('heading', { name: /right in practice!/ });
    await waitFor(() => expect(view.calls.filter((call) => call.url === '/quiz-results/progress')).toHaveLength(2));
  });
});
