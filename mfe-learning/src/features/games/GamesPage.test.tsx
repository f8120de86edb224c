import { screen } from '@testing-library/react';
import { renderLearning } from '../../test/render-learning';

describe('/games (SPEC §2)', () => {
  it('when no game is configured, then our own offline math game plays in a scripts-only sandbox', () => {
    renderLearning('/games');
    expect(screen.getByRole('heading', { name: 'Play Educational Games' })).toBeInTheDocument();
    const frame = screen.getByTitle('Math game');
    expect(frame).toHaveAttribute('src', '/game/index.html');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  });

  it('when the runtime config names a game, then that game plays, still sandboxed', () => {
    renderLearning('/games', { config: { gameUrl: 'https://games.example/math' } });
    const frame = screen.getByTitle('Math game');
    expect(frame).toHaveAttribute('src', 'https://games.example/math');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
  });
});
