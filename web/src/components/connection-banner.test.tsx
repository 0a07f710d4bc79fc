import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { LiveSocketContext } from '../lib/live-updates';
import { fakeLiveSocket } from '../test/live-socket-fakes';
import { ConnectionBanner } from './connection-banner';

const shown = () => document.querySelector('[aria-live="polite"]')?.textContent;

function renderBanner() {
  const live = fakeLiveSocket();
  render(
    <LiveSocketContext.Provider value={live.live}>
      <ConnectionBanner />
    </LiveSocketContext.Provider>,
  );
  return live;
}

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ConnectionBanner', () => {
  it('says so while the browser is offline, and goes when it is back', () => {
    renderBanner();
    expect(shown()).toBe('');
    setOnline(false);
    expect(shown()).toBe('You are offline. What you write is kept here until you are back online.');
    setOnline(true);
    expect(shown()).toBe('');
  });

  it('says the live connection is lost only once it stays lost, through its reconnect attempts, until it opens again', () => {
    vi.useFakeTimers();
    const live = renderBanner();
    act(() => live.live.start());
    act(() => live.latest().serverOpens());
    act(() => live.latest().serverCloses());
    // A blip is not news.
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toBe('');
    // Reconnect attempts fail again and again (connecting, closed, ...): the banner stays.
    act(() => vi.advanceTimersByTime(600));
    act(() => live.latest().serverCloses());
    expect(shown()).toBe('Connection to Civitas lost. Reconnecting...');
    act(() => vi.advanceTimersByTime(2000));
    expect(shown()).toBe('Connection to Civitas lost. Reconnecting...');
    act(() => live.latest().serverOpens());
    expect(shown()).toBe('');
  });
});
