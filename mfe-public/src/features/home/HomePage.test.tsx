import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPublic, serveContent } from '../../test/render-public';

const content = {
  'content/back-to-school.json': [{ bg: '#fff', img: 'images/a.svg', title: 'Fun with Numbers', description: 'Count', path: '/course-details', linkText: 'See lessons' }],
  'content/features.json': [{ icon: 'images/v.svg', title: 'Short video lessons', desc: 'Small parts', path: '/course-details' }],
  'Faq.json': [
    { question: 'Who is it for?', answer: 'Class 3 children.' },
    { question: 'How do gems work?', answer: 'Quizzes earn gems.' },
  ],
};

beforeEach(() => serveContent(content));

describe('Home (SPEC §2)', () => {
  it('when logged out, then the hero offers Enroll Now to /authentication', () => {
    renderPublic('/');
    expect(screen.getByRole('heading', { name: 'Empowering students from small age towards vision' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', '/authentication');
  });

  it.each(['authenticated', 'loading'] as const)('when the session is %s, then Enroll Now is hidden', (session) => {
    renderPublic('/', { session });
    expect(screen.queryByRole('link', { name: 'Enroll Now' })).not.toBeInTheDocument();
  });

  it('when the static files load, then Back to School cards and the Kids will love to learn list show', async () => {
    renderPublic('/');
    expect(await screen.findByRole('heading', { name: 'Fun with Numbers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See lessons' })).toHaveAttribute('href', '/course-details');
    expect(screen.getByRole('heading', { name: 'Kids will love to learn' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Short video lessons' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Learn more' })).toBeInTheDocument();
  });

  it('when FAQ items are clicked, then only one is open at a time and clicking the open one closes it', async () => {
    renderPublic('/');
    const first = await screen.findByRole('button', { name: /Who is it for\?/ });
    const second = screen.getByRole('button', { name: /How do gems work\?/ });
    expect(screen.queryByText('Class 3 children.')).not.toBeVisible();
    await userEvent.click(first);
    expect(screen.getByText('Class 3 children.')).toBeVisible();
    await userEvent.click(second);
    expect(screen.getByText('Class 3 children.')).not.toBeVisible();
    expect(screen.getByText('Quizzes earn gems.')).toBeVisible();
    await userEvent.click(second);
    expect(screen.getByText('Quizzes earn gems.')).not.toBeVisible();
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });
});
