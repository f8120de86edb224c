import { screen, waitFor } from '@testing-library/react';
import { renderPublic, serveContent } from '../../test/render-public';

const team = [{ image: 'images/t1.svg', name: 'Amira Hassan', role: 'Lead Teacher', department: 'Curriculum' }];

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('About, Course Lessons, Premium and 403 pages', () => {
  it('when the About JSON loads, then the team grid replaces "Loading..."', async () => {
    serveContent({ 'content/about.json': team });
    renderPublic('/about');
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Meet with our Team' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Amira Hassan' })).toBeInTheDocument();
    expect(screen.getByText('Lead Teacher')).toBeInTheDocument();
    expect(screen.getByText('Curriculum')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Amira Hassan' })).toHaveAttribute('src', 'http://remote.test/images/t1.svg');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('when the About JSON fails, then the page stays on "Loading..." and the failure is logged', async () => {
    serveContent({}, ['content/about.json']);
    renderPublic('/about');
    await screen.findByRole('heading', { name: 'About Us' });
    // The About file's own failure (its name and status), not whatever else may log.
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Loading content/about.json failed', expect.objectContaining({ message: 'content/about.json: HTTP 404' })));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('when lessons load, then each card shows its heading and "Subparts: N" (0 without parts)', async () => {
    serveContent({});
    renderPublic('/course-details', {
      gateway: () => ({ status: 200, body: [{ _id: 'l1', lessonHeading: 'Adding Numbers', parts: [{ name: 'a', link: 'x' }, { name: 'b', link: 'y' }] }, { _id: 'l2', lessonHeading: 'Shapes' }] }),
    });
    expect(await screen.findByRole('heading', { name: 'Course Lessons' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Adding Numbers' })).toBeInTheDocument();
    expect(screen.getByText('Subparts: 2')).toBeInTheDocument();
    expect(screen.getByText('Subparts: 0')).toBeInTheDocument();
  });

  it('when /Premium opens, then only the placeholder text shows', async () => {
    serveContent({});
    renderPublic('/Premium');
    expect(await screen.findByText('The premium part will be done in the future. Stay tuned!')).toBeInTheDocument();
  });

  it('when /forbidden opens, then the 403 message and Go Back Home show', async () => {
    serveContent({});
    renderPublic('/forbidden');
    expect(await screen.findByRole('heading', { name: "You don't have permission to access this page." })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
  });
});
