import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPublic, serveContent } from '../../test/render-public';

const reviews = Array.from({ length: 7 }, (_, i) => ({ _id: `r${i}`, name: i === 3 ? '' : `Parent ${i}`, title: 'Parent', message: `Message ${i}` }));
const cards = () => Array.from(document.querySelectorAll('.pub-review-card'));

beforeEach(() => serveContent({}));

describe('parent reviews (SPEC §4, §8)', () => {
  it('when reviews are loading, then a spinner shows', () => {
    renderPublic('/', { gateway: () => new Promise(() => undefined) });
    const section = screen.getByRole('region', { name: 'What Parents Say' });
    expect(within(section).getByRole('status')).toHaveTextContent('Loading...');
  });

  it('when loading fails, then the failure message shows', async () => {
    renderPublic('/', { gateway: () => ({ status: 500 }) });
    expect(await screen.findByText('Failed to load reviews. Please try again later.')).toBeInTheDocument();
  });

  it.each([[[]], [{ not: 'an array' }]])('when the list is empty or not an array (%j), then "No reviews yet." shows', async (body) => {
    renderPublic('/', { gateway: () => ({ status: 200, body }) });
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });

  it('when reviews load, then five cards show: centre, two neighbours and two outer ones, with one dot per review', async () => {
    renderPublic('/', { gateway: () => ({ status: 200, body: reviews }) });
    await screen.findByText('“Message 0”');
    expect(cards()).toHaveLength(5);
    expect(cards().map((c) => c.className.split(' ')[1])).toEqual(['is-far', 'is-near', 'is-center', 'is-near', 'is-far']);
    expect(document.querySelector('.is-center')).toHaveTextContent('Message 0');
    expect(cards()[0]).toHaveTextContent('Message 5');
    expect(screen.getAllByRole('button', { name: /Show review/ })).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Show review 1' })).toHaveAttribute('aria-current', 'true');
  });

  it('when previous is pressed on the first card, then the window wraps to the last review', async () => {
    renderPublic('/', { gateway: () => ({ status: 200, body: reviews }) });
    await screen.findByText('“Message 0”');
    await userEvent.click(screen.getByRole('button', { name: 'Previous review' }));
    expect(document.querySelector('.is-center')).toHaveTextContent('Message 6');
    await userEvent.click(screen.getByRole('button', { name: 'Next review' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next review' }));
    expect(document.querySelector('.is-center')).toHaveTextContent('Message 1');
  });

  it('when a dot is pressed and the reviewer gave no name, then that card is centred showing "Anonymous"', async () => {
    renderPublic('/', { gateway: () => ({ status: 200, body: reviews }) });
    await screen.findByText('“Message 0”');
    await userEvent.click(screen.getByRole('button', { name: 'Show review 4' }));
    expect(document.querySelector('.is-center')).toHaveTextContent('Anonymous');
  });
});
