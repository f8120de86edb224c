import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Accordion, Button, Modal, Table, Tooltip } from './index';

describe('kit components', () => {
  it('when a Modal opens, then focus moves inside; Escape closes it and focus returns to the opener', async () => {
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Open</Button>
          <Modal open={open} onOpenChange={setOpen} title="Redeem stickers">
            <input aria-label="Name" />
          </Modal>
        </>
      );
    }
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Redeem stickers' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Tab stays inside the dialog (focus trap).
    for (let i = 0; i < 3; i += 1) await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('when a Tooltip wraps a disabled button, then the reason is its description and keyboard focus opens the tip', async () => {
    render(
      <Tooltip content="Not enough gems">
        <Button disabled>Redeem</Button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Redeem' });
    // Still focusable (aria-disabled), so the tip can be reached at all.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('Not enough gems');
    await userEvent.tab();
    await waitFor(() => expect(document.querySelector('.kl-tooltip')).toHaveTextContent('Not enough gems'));
  });

  it('when a disabled control with a tip is tapped (touch), then the tip opens and the action does not run', async () => {
    const action = jest.fn();
    render(
      <Tooltip content="Login first">
        <Button disabled onClick={action}>
          Redeem
        </Button>
      </Tooltip>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(document.querySelector('.kl-tooltip')).toHaveTextContent('Login first'));
    expect(action).not.toHaveBeenCalled();
  });

  it('when a tip is open, then Escape or a press elsewhere closes it, and the pointer may move onto it', async () => {
    render(
      <div>
        <Tooltip content="Not enough gems">
          <Button disabled>Redeem</Button>
        </Tooltip>
        <p>elsewhere</p>
      </div>,
    );
    const tip = () => document.querySelector('.kl-tooltip');
    await userEvent.tab();
    await waitFor(() => expect(tip()).toHaveTextContent('Not enough gems'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(tip()).toBeNull());

    await userEvent.hover(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(tip()).not.toBeNull());
    await userEvent.hover(tip()!); // from the control onto the bubble: it stays
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(tip()).not.toBeNull();
    await userEvent.click(screen.getByText('elsewhere'));
    await waitFor(() => expect(tip()).toBeNull());
  });

  it('when an Accordion item is opened, then only it is open; opening it again closes it', async () => {
    render(
      <Accordion
        items={[
          { id: 'a', header: 'First', content: 'First body' },
          { id: 'b', header: 'Second', content: 'Second body' },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(screen.getByText('First body')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Second' }));
    expect(screen.queryByText('First body')).not.toBeInTheDocument();
    expect(screen.getByText('Second body')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Second' }));
    expect(screen.queryByText('Second body')).not.toBeInTheDocument();
  });

  it('when a Table renders, then it is a captioned table whose cells carry their column label for the small-screen card layout', () => {
    render(
      <Table
        caption="Standings"
        rows={[{ id: '1', name: 'Ada' }]}
        rowKey={(row) => row.id}
        isRowHighlighted={(_row, index) => index === 0}
        columns={[{ key: 'name', header: 'User', render: (row) => row.name }]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Standings' });
    const cell = screen.getByRole('cell');
    expect(cell.querySelector('.kl-table__label')).toHaveTextContent('User');
    expect(cell.querySelector('.kl-table__label')).toHaveAttribute('aria-hidden', 'true');
    expect(table.querySelector('tbody tr')).toHaveClass('kl-row--highlight');
    // The card layout is a container query on the wrapper: narrow containers stack the cells.
    expect(table.parentElement).toHaveClass('kl-table-wrap');
  });

  it('when a Button is busy, then it is disabled and announced as busy', () => {
    render(<Button busy>Saving</Button>);
    expect(screen.getByRole('button', { name: 'Saving' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Saving' })).toHaveAttribute('aria-busy', 'true');
  });
});
