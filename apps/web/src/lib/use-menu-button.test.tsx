import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useMenuButton } from './use-menu-button';

function Menu({ onPick }: { onPick: (item: string) => void }) {
  const { open, rootRef, buttonProps, menuProps, choose } = useMenuButton();
  return (
    <div>
      <div ref={rootRef}>
        <button {...buttonProps} type="button">
          Actions
        </button>
        {open ? (
          <ul {...menuProps} aria-label="Actions">
            {['One', 'Two', 'Three'].map((item) => (
              <li key={item} role="none">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => choose(() => onPick(item))}
                >
                  {item}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <button type="button">Outside</button>
    </div>
  );
}

const button = () => screen.getByRole('button', { name: 'Actions' });
const item = (name: string) => screen.getByRole('menuitem', { name });

describe('useMenuButton', () => {
  it('opens on click with the first item focused and the button wired to the menu', async () => {
    const user = userEvent.setup();
    render(<Menu onPick={vi.fn()} />);
    expect(button()).toHaveAttribute('aria-haspopup', 'menu');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(button()).not.toHaveAttribute('aria-controls');

    await user.click(button());
    const menu = screen.getByRole('menu', { name: 'Actions' });
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(button()).toHaveAttribute('aria-controls', menu.id);
    expect(item('One')).toHaveFocus();

    await user.click(button());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens from the keyboard: ArrowDown on the first item, ArrowUp on the last', async () => {
    const user = userEvent.setup();
    render(<Menu onPick={vi.fn()} />);
    button().focus();
    await user.keyboard('{ArrowUp}');
    expect(item('Three')).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowDown}');
    expect(item('One')).toHaveFocus();
  });

  it('moves with the arrows (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    render(<Menu onPick={vi.fn()} />);
    await user.click(button());
    await user.keyboard('{ArrowDown}');
    expect(item('Two')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Three')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('One')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Three')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('One')).toHaveFocus();
  });

  it('closes on Escape with the focus back on the button, and on Tab without it', async () => {
    const user = userEvent.setup();
    render(<Menu onPick={vi.fn()} />);
    await user.click(button());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    // Tab closes and leaves the focus to the browser's move (the button does not take it back).
    fireEvent.keyDown(item('One'), { key: 'Tab' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button()).not.toHaveFocus();
  });

  it('closes on a press outside, not on one inside', async () => {
    const user = userEvent.setup();
    render(<Menu onPick={vi.fn()} />);
    await user.click(button());
    fireEvent.pointerDown(item('Two'));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('choose closes the menu and returns the focus to the button before the action runs', async () => {
    const user = userEvent.setup();
    const focusAtPick: (Element | null)[] = [];
    const onPick = vi.fn(() => focusAtPick.push(document.activeElement));
    render(<Menu onPick={onPick} />);
    await user.click(button());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith('Two');
    expect(focusAtPick).toEqual([button()]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
