import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/test-utils';
import { ConfirmedAgo, VerifiedPhoneBadge } from './listing-freshness';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const ago = (hours: number) => new Date(NOW - hours * HOUR).toISOString();

describe('ConfirmedAgo', () => {
  it.each([
    ['a minute ago', ago(1 / 60), 'Confirmed today'],
    ['23 hours ago', ago(23), 'Confirmed today'],
    ['24 hours ago', ago(24), 'Confirmed yesterday'],
    ['47 hours ago', ago(47), 'Confirmed yesterday'],
    ['two days ago', ago(48), 'Confirmed 2 days ago'],
    ['29 and a half days ago', ago(29.5 * 24), 'Confirmed 29 days ago'],
    // A phone's clock a little behind the server's: never 'in the future'.
    ['a minute from now', ago(-1 / 60), 'Confirmed today'],
  ])('says when confirmed %s', async (_case, confirmedAt, text) => {
    await renderApp(<ConfirmedAgo confirmedAt={confirmedAt} now={NOW} />);
    expect(screen.getByTestId('confirmed-ago')).toHaveTextContent(new RegExp(`^${text}$`));
  });

  it.each([
    [ago(2), 'Imethibitishwa leo'],
    [ago(30), 'Imethibitishwa jana'],
    [ago(5 * 24), 'Imethibitishwa siku 5 zilizopita'],
  ])('says it in Swahili', async (confirmedAt, text) => {
    await renderApp(<ConfirmedAgo confirmedAt={confirmedAt} now={NOW} />, { language: 'sw' });
    expect(screen.getByTestId('confirmed-ago')).toHaveTextContent(new RegExp(`^${text}$`));
  });

  it('says nothing of a date it cannot read (an answer cached from before listings had one)', async () => {
    await renderApp(
      <>
        <ConfirmedAgo confirmedAt="not a date" now={NOW} />
        <ConfirmedAgo confirmedAt={undefined as unknown as string} now={NOW} />
      </>,
    );
    expect(screen.queryByTestId('confirmed-ago')).not.toBeInTheDocument();
  });

  it('judges at the moment it mounted when given no clock', async () => {
    await renderApp(
      <ConfirmedAgo confirmedAt={new Date(Date.now() - 3 * 24 * HOUR).toISOString()} />,
    );
    expect(screen.getByTestId('confirmed-ago')).toHaveTextContent('Confirmed 3 days ago');
  });
});

describe('VerifiedPhoneBadge', () => {
  it('says Verified phone for a number its publisher proved, in both languages', async () => {
    const { unmount } = await renderApp(<VerifiedPhoneBadge verified />);
    expect(screen.getByTestId('verified-phone')).toHaveTextContent(/^Verified phone$/);
    unmount();
    await renderApp(<VerifiedPhoneBadge verified />, { language: 'sw' });
    expect(screen.getByTestId('verified-phone')).toHaveTextContent(/^Simu imethibitishwa$/);
  });

  it('shows nothing for a number not proven', async () => {
    await renderApp(<VerifiedPhoneBadge verified={false} />);
    expect(screen.queryByTestId('verified-phone')).not.toBeInTheDocument();
  });
});
