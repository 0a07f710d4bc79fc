import { useEffect, useRef, type RefObject } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { TOAST_VIEWPORT_HOTKEY, TOAST_VIEWPORT_MAX_WIDTH_PX, useToastStore } from '../lib/toast-store';
import { ToastItem } from './toast-item';
import { useDismissOnNavigation, useDismissOnTabSwitch } from './toaster-dismissal';

/** The hotkey moves keyboard focus to the notifications, wherever the reader is. */
function useFocusOnHotkey(target: RefObject<HTMLElement | null>, key: string) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === key || event.code === key) target.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [target, key]);
}

export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const viewport = useRef<HTMLElement>(null);
  useFocusOnHotkey(viewport, TOAST_VIEWPORT_HOTKEY);
  useDismissOnNavigation(toasts);
  useDismissOnTabSwitch();

  return (
    <Box
      component="section"
      ref={viewport}
      role="region"
      aria-label={t('components.notifications', { hotkey: TOAST_VIEWPORT_HOTKEY })}
      tabIndex={-1}
      sx={(theme) => ({
        position: 'fixed',
        zIndex: theme.zIndex.snackbar,
        top: 0,
        left: 0,
        right: 0,
        p: 2,
        outline: 'none',
        pointerEvents: 'none', // the empty viewport must not block the page beneath
        [theme.breakpoints.up('sm')]: { top: 'auto', bottom: 0, left: 'auto', width: '100%' },
        [theme.breakpoints.up('md')]: { maxWidth: TOAST_VIEWPORT_MAX_WIDTH_PX },
      })}
    >
      <Box component="ol" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </Box>
    </Box>
  );
}
