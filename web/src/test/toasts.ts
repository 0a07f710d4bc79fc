import { screen } from '@testing-library/react';
import { useToastStore } from '../lib/toast-store';

/** The toast on show (the store keeps the newest first). */
export const lastToast = () => useToastStore.getState().toasts[0];

/** The toast viewport; hidden from the accessibility tree while a dialog is open. */
export const notifications = () => screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
