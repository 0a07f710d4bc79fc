import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLiveStatus } from './live-updates';

export type ConnectionState = 'online' | 'offline' | 'reconnecting';

/** A lost live socket is reported only once it stays lost this long: a server restart's blip is not news. */
const SHOW_RECONNECTING_AFTER_MS = 1500;

function subscribeToOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Whether the member is cut off (issue #32): the browser says it is offline, or the live socket
 * (open while signed in) was lost and has not opened again. Its reconnects alternate between
 * 'connecting' and 'closed'; only an open socket (or none wanted) ends the loss.
 */
export function useConnectionState(): ConnectionState {
  const online = useSyncExternalStore(
    subscribeToOnline,
    () => navigator.onLine,
    () => true,
  );
  const status = useLiveStatus();
  const [lost, setLost] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (status === 'closed') setLost(true);
    else if (status === 'open' || status === 'idle') setLost(false);
  }, [status]);
  useEffect(() => {
    if (!lost) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_RECONNECTING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [lost]);
  if (!online) return 'offline';
  return shown ? 'reconnecting' : 'online';
}
