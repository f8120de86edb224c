import { renderPublic, serveContent } from '../test/render-public';
import { renderHomeFirstScreen } from './first-screen';

beforeEach(() => serveContent({}));

describe('the prerendered first screen of /', () => {
  it('when the page renders while the session is checked, then its hero is the prerendered markup, in the same wrappers', () => {
    const { container } = renderPublic('/', { session: 'loading' });
    const prerendered = document.createElement('div');
    prerendered.innerHTML = renderHomeFirstScreen().html;

    const liveHero = container.querySelector(':scope > .pub-home > .pub-hero');
    const prerenderedHero = prerendered.querySelector(':scope > .kl-public > .pub-home > .pub-hero');
    expect(prerenderedHero).not.toBeNull();
    // Same elements, attributes and text (attribute order aside).
    expect(liveHero?.isEqualNode(prerenderedHero)).toBe(true);
  });

  it('when built, then it carries the remote stylesheet', () => {
    expect(renderHomeFirstScreen().css).toContain('.kl-public .pub-hero');
  });
});
