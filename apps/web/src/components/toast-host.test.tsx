import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showToast } from '../lib/toast';
import { ToastHost } from './toast-host';

describe('ToastHost', () => {
  it('shows a toast, and shows them again after the app was mounted anew', async () => {
    const first = render(<ToastHost />);
    await showToast('First message');
    expect(await screen.findByText('First message')).toBeInTheDocument();
    first.unmount();

    render(<ToastHost />);
    await showToast('Second message');
    expect(await screen.findByText('Second message')).toBeInTheDocument();
  });

  it('shows a toast asked for before the host was on the page, and the ones after it', async () => {
    // A guard on a deep link asks in the first render, before the host's effect subscribes.
    const early = showToast('Asked before the host');
    render(<ToastHost />);
    await early;
    expect(await screen.findByText('Asked before the host')).toBeInTheDocument();
    await showToast('Asked after');
    expect(await screen.findByText('Asked after')).toBeInTheDocument();
  });

  it("hides the type's icon from assistive technology: the message says it", async () => {
    render(<ToastHost />);
    await showToast('Saved', 'success');
    const toast = (await screen.findByText('Saved')).closest('.Toastify__toast');
    const icon = toast?.querySelector('svg');
    expect(icon).not.toBeNull();
    expect(icon).toHaveAttribute('aria-hidden', 'true');
  });
});
