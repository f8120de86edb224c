import { renderFirstScreen } from './first-screen';

describe('the prerendered first screen', () => {
  it('when / is prerendered, then the layout shows the session still being checked, the markers in the area and the menu, and no spinner', () => {
    const page = document.createElement('div');
    page.innerHTML = renderFirstScreen({ area: '<!--area-->', menu: '<!--menu-->' });

    expect(page.querySelector('.navbar .navbar-placeholder')).not.toBeNull();
    const area = page.querySelector('.remote-area');
    expect(area?.innerHTML).toBe('<div><!--area--></div>');
    expect(area?.querySelector('[role="status"]')).toBeNull();
    expect(page.querySelector('.menu-wide')?.innerHTML).toBe('<!--menu-->');
    expect(page.querySelector('.footer .copyright')?.textContent).toBe('© 2025 KidsLearn. All rights reserved.');
  });
});
