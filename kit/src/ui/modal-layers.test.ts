import { releasePageWhenNoModalIsOpen } from './modal-layers';

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('releasing the page after a modal layer closed', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('when no modal layer is open any more, then a top-level element left aria-hidden is readable again', async () => {
    document.body.innerHTML = '<div id="root" aria-hidden="true" data-previous-aria-hidden="true"><main>page</main></div>';
    releasePageWhenNoModalIsOpen();
    await settle();
    expect(document.getElementById('root')?.hasAttribute('aria-hidden')).toBe(false);
    expect(document.getElementById('root')?.hasAttribute('data-previous-aria-hidden')).toBe(false);
  });

  it('when another modal layer is still open, then the page stays hidden behind it', async () => {
    document.body.innerHTML = '<div id="root" aria-hidden="true"><main>page</main></div><div role="dialog" aria-modal="true">still open</div>';
    releasePageWhenNoModalIsOpen();
    await settle();
    expect(document.getElementById('root')?.getAttribute('aria-hidden')).toBe('true');
  });
});
