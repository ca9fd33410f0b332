import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/test-utils';
import { AboutPage } from './about-page';
import { FaqPage } from './faq-page';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

const PAGES: [string, ReactNode, { en: string; sw: string }, { en: string[]; sw: string[] }][] = [
  [
    'About',
    <AboutPage />,
    { en: 'About Makazi', sw: 'Kuhusu Makazi' },
    {
      en: ['What you can do', 'Features', 'Help and rules'],
      sw: ['Unachoweza kufanya', 'Vipengele', 'Msaada na kanuni'],
    },
  ],
  [
    'Terms',
    <TermsPage />,
    { en: 'Terms of use', sw: 'Masharti ya matumizi' },
    {
      en: ['Your account', 'Listings', 'Payments', 'When a payment goes wrong'],
      sw: ['Akaunti yako', 'Matangazo', 'Malipo', 'Malipo yakienda vibaya'],
    },
  ],
  [
    'Privacy',
    <PrivacyPage />,
    { en: 'Privacy', sw: 'Faragha' },
    {
      en: ['What we keep', 'Who sees your phone number', 'How to delete your account'],
      sw: ['Tunachohifadhi', 'Nani anaona namba yako ya simu', 'Jinsi ya kufuta akaunti yako'],
    },
  ],
  [
    'FAQ',
    <FaqPage />,
    { en: 'Frequently asked questions', sw: 'Maswali ya mara kwa mara' },
    {
      en: ['Viewings', 'Subscriptions', 'Listings and promotions', 'Payments and refunds', 'Scams'],
      sw: [
        'Kuona mali',
        'Vifurushi',
        'Matangazo na kupandisha',
        'Malipo na kurudishiwa pesa',
        'Utapeli',
      ],
    },
  ],
];

describe.each(['en', 'sw'] as const)('the information pages in %s', (language) => {
  it.each(PAGES)('%s: its title, heading and sections', async (_name, page, title, sections) => {
    await renderApp(page, { language });
    expect(screen.getByRole('heading', { level: 1, name: title[language] })).toBeInTheDocument();
    expect(document.title).toBe(title[language]);
    for (const section of sections[language]) {
      expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    }
    // Every page ends with the way to reach support, at the contact form.
    const support = screen.getByRole('link', {
      name: language === 'sw' ? 'Wasiliana na msaada' : 'Contact support',
    });
    expect(support).toHaveAttribute('href', '/support#contact');
    // No key left untranslated on screen.
    expect(document.body.textContent).not.toMatch(/\b(about|terms|privacy|faq)\.[a-z]/);
  });
});

describe('the FAQ', () => {
  it('opens an answer from its question, as a native disclosure', async () => {
    const user = userEvent.setup();
    await renderApp(<FaqPage />);
    const scams = screen.getByRole('region', { name: 'Scams' });
    const question = within(scams).getByText('How do I avoid scams?');
    const details = question.closest('details');
    expect(question.tagName).toBe('SUMMARY');
    expect(details).not.toHaveAttribute('open');
    await user.click(question);
    expect(details).toHaveAttribute('open');
    expect(within(scams).getByText(/Makazi will never ask for your PIN/)).toBeVisible();
  });

  it('says how long a sign-in code works, from the rule the API applies', async () => {
    await renderApp(<FaqPage />, { language: 'sw' });
    expect(screen.getByText(/Msimbo unafanya kazi kwa dakika 5\./)).toBeInTheDocument();
  });
});

describe('the About page', () => {
  it('links to the other help pages', async () => {
    await renderApp(<AboutPage />);
    const resources = screen.getByRole('region', { name: 'Help and rules' });
    expect(
      within(resources)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/faq', '/terms', '/privacy', '/support']);
  });
});

describe('the Privacy page', () => {
  it('says who sees a phone number and what deleting an account removes', async () => {
    await renderApp(<PrivacyPage />);
    expect(
      within(screen.getByRole('region', { name: 'Who sees your phone number' })).getByText(
        /only to people with an active viewing subscription/,
      ),
    ).toBeInTheDocument();
    const deleting = screen.getByRole('region', { name: 'How to delete your account' });
    expect(within(deleting).getByText(/choose Profile, then Delete account/)).toBeInTheDocument();
    expect(within(deleting).getByText(/Payment records stay/)).toBeInTheDocument();
  });
});
