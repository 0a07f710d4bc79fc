import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { liveSocket, type LiveServerFrame, type LiveSocket, type LiveStatus } from './live-socket';

/** The tab's live socket; tests provide one of their own (with a fake connection). */
export const LiveSocketContext = createContext<LiveSocket>(liveSocket);

export function useLiveSocket(): LiveSocket {
  return useContext(LiveSocketContext);
}

/** Keeps the tab's socket connected while `enabled` (a member is signed in). */
export function useLiveConnection(enabled: boolean): void {
  const socket = useLiveSocket();
  useEffect(() => {
    if (!enabled) return;
    socket.start();
    return () => socket.stop();
  }, [socket, enabled]);
}

export function useLiveStatus(): LiveStatus {
  const socket = useLiveSocket();
  return useSyncExternalStore(
    (listener) => socket.onStatus(listener),
    () => socket.status,
  );
}

/**
 * Hears every server frame (its position already remembered), and, on a reconnect, runs
 * `onReconnect` so the page reads again what it may have missed. The latest callbacks are used
 * without resubscribing.
 */
export function useLiveFrames(onFrame: (frame: LiveServerFrame) => void, onReconnect?: () => void): void {
  const socket = useLiveSocket();
  const latest = useRef({ onFrame, onReconnect });
  useEffect(() => {
    latest.current = { onFrame, onReconnect };
  });
  useEffect(() => {
    const stopFrames = socket.onFrame((frame) => latest.current.onFrame(frame));
    const stopReconnects = socket.onReconnect(() => latest.current.onReconnect?.());
    return () => {
      stopFrames();
      stopReconnects();
    };
  }, [socket]);
}
