import { render, screen } from '@testing-library/react';
import { Placeholder } from './Placeholder';

describe('mfe-learning placeholder', () => {
  it('when mounted, then it shows the Learning area heading', () => {
    render(<Placeholder />);
    expect(screen.getByRole('heading', { name: 'Learning area' })).toBeInTheDocument();
  });
});
