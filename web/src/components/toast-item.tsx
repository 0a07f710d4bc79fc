import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Slide from '@mui/material/Slide';
import { useTheme } from '@mui/material/styles';
import { dismissToast, TOAST_SWIPE_THRESHOLD_PX, type ToastRecord } from '../lib/toast-store';
import { useSwipeToDismiss } from './use-swipe-to-dismiss';

/** Closes the toast after its duration, paused while the reader hovers or focuses it. */
function useAutoDismiss(toast: ToastRecord, paused: boolean) {
  useEffect(() => {
    if (!toast.open || paused || !Number.isFinite(toast.duration)) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.open, toast.duration, paused]);
}

export function ToastItem({ toast }: { toast: ToastRecord }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const dismiss = () => dismissToast(toast.id);
  // Right to left, the toasts sit on the left: they slide in from there and are swiped back to it.
  const rtl = useTheme().direction === 'rtl';
  const swipe = useSwipeToDismiss(dismiss, TOAST_SWIPE_THRESHOLD_PX, rtl ? -1 : 1);
  useAutoDismiss(toast, hovered || focused || swipe.swiping);
  const destructive = toast.variant === 'destructive';

  return (
    <Slide in={toast.open} direction={rtl ? 'right' : 'left'} appear unmountOnExit>
      <Box component="li" sx={{ pointerEvents: 'auto', listStyle: 'none' }}>
        <Alert
          role={destructive ? 'alert' : 'status'}
          severity={destructive ? 'error' : 'info'}
          variant={destructive ? 'filled' : 'outlined'}
          icon={destructive ? undefined : false}
          onClose={dismiss}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          {...swipe.handlers}
          style={{
            transform: `translateX(${swipe.offset}px)`,
            transition: swipe.swiping ? 'none' : 'transform 200ms ease-out',
          }}
          sx={{
            boxShadow: 6,
            touchAction: 'pan-y', // vertical scrolling stays native; horizontal moves swipe
            userSelect: 'none',
            ...(destructive ? {} : { bgcolor: 'background.paper', color: 'text.primary', borderColor: 'divider' }),
          }}
        >
          {/* A toast can carry the server's own words: each line takes its own direction (docs/decisions.md, Bidirectional text). */}
          {toast.title && <AlertTitle dir="auto">{toast.title}</AlertTitle>}
          {toast.description && <div dir="auto">{toast.description}</div>}
        </Alert>
      </Box>
    </Slide>
  );
}
