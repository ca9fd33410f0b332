import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/test-utils';
import { OfflineBanner } from './offline-banner';

let online = true;

function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

afterEach(() => {
  online = true;
});

describe('OfflineBanner', () => {
  it('says so when the connection goes, and goes when it comes back', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    await renderApp(<OfflineBanner />);
    const region = screen.getByTestId('offline-banner');
    expect(region).toBeEmptyDOMElement();

    setOnline(false);
    expect(region).toHaveTextContent(
      'You are offline. Pages you opened before still open; anything that needs the internet will say so.',
    );
    setOnline(true);
    expect(region).toBeEmptyDOMElement();
  });

  it('says it in Swahili', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    online = false;
    await renderApp(<OfflineBanner />, { language: 'sw' });
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(/^Huna mtandao\./);
  });
});
