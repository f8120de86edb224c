import { showStartupError } from './startup-error';

describe('the start-up error page', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('when config.json cannot be used, then the page says so instead of staying blank, with the problems for the site team', () => {
    document.body.innerHTML = '<div id="root"><header class="navbar">prerendered</header></div>';
    showStartupError(['areas: expected array, received undefined']);
    const alert = document.querySelector('[role="alert"]');
    expect(alert?.querySelector('h1')?.textContent).toBe('KidsLearn cannot start right now');
    expect(alert?.querySelector('li')?.textContent).toBe('areas: expected array, received undefined');
    expect(document.querySelector('.navbar')).toBeNull();
  });
});
