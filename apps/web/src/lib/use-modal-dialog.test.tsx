import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refocus, useModalDialog, type UseModalDialogOptions } from './use-modal-dialog';

type THarnessProps = Omit<UseModalDialogOptions, 'open' | 'onDismiss'> & {
  onDismiss?: () => void;
};

function Harness({ onDismiss, ...options }: THarnessProps) {
  const [open, setOpen] = useState(false);
  const { dialogProps } = useModalDialog({
    ...options,
    open,
    onDismiss: () => {
      onDismiss?.();
      setOpen(false);
    },
  });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <dialog {...dialogProps} aria-label="Test dialog" data-testid="dialog">
        <div>
          <input aria-label="Field" />
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        </div>
      </dialog>
    </>
  );
}

const dialog = () => screen.getByTestId<HTMLDialogElement>('dialog');

afterEach(() => {
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
});

describe('useModalDialog', () => {
  it('falls back to the open attribute where there is no showModal', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(dialog()).not.toHaveAttribute('open');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(dialog()).toHaveAttribute('open');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(dialog()).not.toHaveAttribute('open');
  });

  it('uses showModal and close where the browser has them, and syncs a close by the browser', async () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    const close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    });
    Object.assign(HTMLDialogElement.prototype, { showModal, close });
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    render(<Harness onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(showModal).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(close).toHaveBeenCalledTimes(1);
    expect(onDismiss).not.toHaveBeenCalled();

    // The browser closes the dialog itself (Escape) and fires close: the owner hears of it.
    await user.click(screen.getByRole('button', { name: 'Open' }));
    act(() => {
      dialog().removeAttribute('open');
      fireEvent(dialog(), new Event('close'));
    });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('dismisses on Escape in the non-modal fallback, unless something inside took the key', async () => {
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    render(<Harness onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const field = screen.getByRole('textbox', { name: 'Field' });
    field.addEventListener('keydown', (event) => event.preventDefault(), { once: true });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(dialog()).not.toHaveAttribute('open');
  });

  it('ignores the backdrop unless asked', async () => {
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    render(<Harness onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(dialog());
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it("backdrop 'click': any click on the dialog element itself dismisses, not one inside", async () => {
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    render(<Harness onDismiss={onDismiss} backdrop="click" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('textbox', { name: 'Field' }));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.click(dialog());
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("backdrop 'press': only a press that starts on the backdrop dismisses", async () => {
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    render(<Harness onDismiss={onDismiss} backdrop="press" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    // Selecting text in the field and releasing over the backdrop.
    fireEvent.pointerDown(screen.getByRole('textbox', { name: 'Field' }));
    fireEvent.click(dialog());
    expect(onDismiss).not.toHaveBeenCalled();

    await user.click(dialog());
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('runs onShow once showing and onHide with the opener once closed', async () => {
    const onShow = vi.fn(() => screen.getByRole('textbox', { name: 'Field' }).focus());
    const onHide = vi.fn(refocus);
    const user = userEvent.setup();
    render(<Harness onShow={onShow} onHide={onHide} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    expect(onShow).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Field' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onHide).toHaveBeenCalledWith(opener);
    expect(opener).toHaveFocus();
  });
});
