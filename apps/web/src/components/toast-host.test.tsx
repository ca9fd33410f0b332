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
});
