import { render, screen } from '@testing-library/react';
import { Placeholder } from './Placeholder';

describe('mfe-rewards placeholder', () => {
  it('when mounted, then it shows the Rewards area heading', () => {
    render(<Placeholder />);
    expect(screen.getByRole('heading', { name: 'Rewards area' })).toBeInTheDocument();
  });
});
