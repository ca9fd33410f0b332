import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/test-utils';
import { SupportPage } from './support-page';

// Without VITE_SUPPORT_PHONE and VITE_SUPPORT_EMAIL at build time, the demo contacts.
describe('SupportPage', () => {
  it('says how to reach Makazi: the phone to call or chat with on WhatsApp, and the email', async () => {
    await renderApp(<SupportPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(screen.getByText('+255 700 000 000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+255700000000');
    const chat = screen.getByRole('link', { name: 'WhatsApp' });
    expect(chat.getAttribute('href')).toBe(
      `https://wa.me/255700000000?text=${encodeURIComponent('Hello Makazi, I need help with:')}`,
    );
    expect(screen.getByRole('link', { name: 'support@makazi.example' })).toHaveAttribute(
      'href',
      'mailto:support@makazi.example',
    );
  });

  it('speaks Swahili', async () => {
    await renderApp(<SupportPage />, { language: 'sw' });
    expect(screen.getByRole('heading', { level: 1, name: 'Msaada' })).toBeInTheDocument();
    expect(screen.getByText('Simu', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Piga simu' })).toBeInTheDocument();
    expect(screen.getByText('Barua pepe', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Tutumie ujumbe' })).toBeInTheDocument();
  });
});
