import { screen, waitFor } from '@testing-library/react';
import { renderWithPlatform } from '../testing';
import { isPrivatePicture, usePrivatePicture } from './private-picture';

function Picture({ url }: { url?: string }) {
  const src = usePrivatePicture(url);
  return src ? <img src={src} alt="me" /> : <p>default picture</p>;
}

// jsdom has no fetch Response: the hook reads only ok, status and blob().
const reply = (status: number) => ({ ok: status >= 200 && status < 300, status, blob: async () => new Blob(['png']) });

describe('usePrivatePicture', () => {
  const fetchMock = jest.fn();
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:photo-1'), revokeObjectURL: jest.fn() });
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it('when the picture is a public avatar, then it is shown as it is and nothing is fetched', () => {
    renderWithPlatform(<Picture url="http://gateway.test/assets/content/avatars/owl.svg" />, { session: 'learner' });
    expect(screen.getByRole('img', { name: 'me' })).toHaveAttribute('src', 'http://gateway.test/assets/content/avatars/owl.svg');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the picture is the learner\'s own photo, then it is fetched with their token and shown from a blob URL', async () => {
    fetchMock.mockResolvedValue(reply(200));
    renderWithPlatform(<Picture url="http://gateway.test/photos/0123abcd" />, { session: 'learner' });
    expect(screen.getByText('default picture')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('img', { name: 'me' })).toHaveAttribute('src', 'blob:photo-1'));
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(String(url)).toBe('http://gateway.test/photos/0123abcd');
    expect(init.headers).toEqual({ authorization: 'Bearer test-token' });
  });

  it('when the photo cannot be read, then the default picture stays and the failure is logged', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(reply(404));
    renderWithPlatform(<Picture url="http://gateway.test/photos/gone" />, { session: 'learner' });
    await waitFor(() => expect(error).toHaveBeenCalledWith('Loading the profile photo failed', expect.any(Error)));
    expect(screen.getByText('default picture')).toBeInTheDocument();
    error.mockRestore();
  });
});

describe('isPrivatePicture', () => {
  it.each([
    ['http://gateway.test/photos/abc', true],
    ['/photos/abc', true],
    ['http://gateway.test/assets/content/avatars/owl.svg', false],
    ['https://lh3.googleusercontent.example/photos/abc', false],
    ['not a url ::', false],
  ])('when the address is %s, then private is %s', (url, expected) => {
    expect(isPrivatePicture(url, 'http://gateway.test')).toBe(expected);
  });
});
