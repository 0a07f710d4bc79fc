import { describe, expect, it, vi } from 'vitest';
import { fakeLiveSocket } from '../test/live-socket-fakes';
import { LiveSocket, RECONNECT_BASE_DELAY_MS, RECONNECT_MAX_DELAY_MS } from './live-socket';
import { currentPosition, positionHeaders } from './read-position';

const chatFrame = (position: string) => ({
  type: 'chat',
  position,
  data: {
    id: 'message-1',
    topicId: 'topic-1',
    userId: 'user-1',
    message: 'Hello',
    createdAt: '2026-01-01T10:00:00.000Z',
    user: { firstName: 'Amina', lastName: 'Haddad', profileImageUrl: null },
  },
});

describe('live socket client', () => {
  it('connects once however often it is started, and hands each frame on with its position remembered', () => {
    const { live, sockets, latest } = fakeLiveSocket();
    const heard: unknown[] = [];
    const positionsSeen: (string | null)[] = [];
    live.onFrame((frame) => {
      heard.push(frame.type);
      positionsSeen.push(currentPosition());
    });
    live.start();
    live.start();
    expect(sockets).toHaveLength(1);
    latest().serverOpens();
    expect(live.status).toBe('open');

    latest().serverSends({ type: 'opinions', data: { topicId: 'topic-1' }, position: '0000000042' });
    latest().serverSends(chatFrame('0000000043'));
    latest().serverSends({ type: 'statsUpdate', position: '0000000044' });
    latest().serverSends({ type: 'error', data: { message: 'Message cannot be empty' } });

    expect(heard).toEqual(['opinions', 'chat', 'statsUpdate', 'error']);
    // Remembered before the listeners hear of it: their refetch waits for the change.
    expect(positionsSeen).toEqual(['0000000042', '0000000043', '0000000044', '0000000044']);
    expect(Object.values(positionHeaders())).toEqual(['0000000044']);
    live.stop();
  });

  it('leaves malformed and unknown frames alone', () => {
    const { live, latest } = fakeLiveSocket();
    const heard = vi.fn();
    live.onFrame(heard);
    live.start();
    latest().serverOpens();
    latest().serverSends('not a frame');
    latest().onmessage?.(new MessageEvent('message', { data: '{oops' }));
    latest().serverSends({ type: 'somethingNew', position: '0000000001' });
    latest().serverSends({ type: 'opinions', data: {}, position: '0000000002' });
    expect(heard).not.toHaveBeenCalled();
    expect(currentPosition()).toBeNull();
    live.stop();
  });

  it('sends only while open, and says so, so the caller can post over HTTP instead', () => {
    const { live, latest } = fakeLiveSocket();
    const frame = { type: 'chat', data: { topicId: 'topic-1', message: 'Hi' } } as const;
    expect(live.send(frame)).toBe(false);
    live.start();
    expect(live.send(frame)).toBe(false);
    latest().serverOpens();
    expect(live.send(frame)).toBe(true);
    expect(latest().sent).toEqual([frame]);
    latest().serverCloses();
    expect(live.send(frame)).toBe(false);
    live.stop();
  });

  it('reconnects after a loss with growing, jittered delays, and tells the page to read again', () => {
    vi.useFakeTimers();
    const { live, sockets, latest } = fakeLiveSocket({ random: () => 0 });
    const reconnected = vi.fn();
    live.onReconnect(reconnected);
    live.start();
    latest().serverOpens();
    expect(reconnected).not.toHaveBeenCalled();

    latest().serverCloses();
    expect(live.status).toBe('closed');
    // Lowest jitter: half the ceiling. First ceiling 500 ms.
    vi.advanceTimersByTime(249);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // Refused again (server still away): the ceiling doubles.
    latest().serverCloses();
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);

    latest().serverOpens();
    expect(reconnected).toHaveBeenCalledTimes(1);
    // An open resets the backoff.
    latest().serverCloses();
    vi.advanceTimersByTime(250);
    expect(sockets).toHaveLength(4);
    live.stop();
  });

  it('keeps the delay between the half ceiling and the ceiling, and caps it', () => {
    const low = new LiveSocket({ random: () => 0 });
    const high = new LiveSocket({ random: () => 0.999999 });
    expect(low.reconnectDelayMs(1)).toBe(RECONNECT_BASE_DELAY_MS / 2);
    expect(high.reconnectDelayMs(1)).toBe(RECONNECT_BASE_DELAY_MS);
    expect(high.reconnectDelayMs(4)).toBe(RECONNECT_BASE_DELAY_MS * 8);
    expect(high.reconnectDelayMs(40)).toBe(RECONNECT_MAX_DELAY_MS);
    expect(low.reconnectDelayMs(40)).toBe(RECONNECT_MAX_DELAY_MS / 2);
  });

  it('stops for good: the socket is closed and no reconnect follows', () => {
    vi.useFakeTimers();
    const { live, sockets, latest } = fakeLiveSocket();
    live.start();
    latest().serverOpens();
    const first = latest();
    live.stop();
    expect(first.closedByClient).toBe(true);
    expect(live.status).toBe('idle');
    vi.advanceTimersByTime(RECONNECT_MAX_DELAY_MS * 2);
    expect(sockets).toHaveLength(1);
  });
});
