import { renderFirstScreen } from './first-screen';

describe('the prerendered first screen', () => {
  it('when / is prerendered, then the layout shows the session still being checked and the remote markup in its area, without a spinner', () => {
    const page = document.createElement('div');
    page.innerHTML = renderFirstScreen('/', { mfe_public: '<h1>Hero</h1>' });

    expect(page.querySelector('.navbar .navbar-placeholder')).not.toBeNull();
    const area = page.querySelector('.remote-area[data-remote="mfe_public"]');
    expect(area?.querySelector('[data-prerendered-remote="mfe_public"] h1')?.textContent).toBe('Hero');
    expect(area?.querySelector('[role="status"]')).toBeNull();
    expect(page.querySelector('.footer .copyright')?.textContent).toBe('© 2025 KidsLearn. All rights reserved.');
  });
});
