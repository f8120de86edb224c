import { render, screen } from '@testing-library/react';
import { Placeholder } from './Placeholder';

describe('mfe-admin placeholder', () => {
  it('when mounted, then it shows the Admin area heading', () => {
    render(<Placeholder />);
    expect(screen.getByRole('heading', { name: 'Admin area' })).toBeInTheDocument();
  });
});
