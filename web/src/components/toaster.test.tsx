import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from './toaster';
import { toast, useToastStore } from '../lib/toast-store';

const isOpen = () => useToastStore.getState().toasts[0]?.open;

function showToast() {
  render(<Toaster />);
  act(() => {
    toast({ title: 'Report Submitted', description: 'Thank you for your report.' });
  });
  return screen.getByRole('status');
}

describe('Toaster', () => {
  it('renders the current toast in a labelled notifications region', () => {
    showToast();
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.textContent).toContain('Report Submitted');
    expect(region.textContent).toContain('Thank you for your report.');
  });

  it('moves focus to the notifications on F8', () => {
    showToast();
    fireEvent.keyDown(document.body, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Notifications (F8)' }));
  });

  it('dismisses on a swipe right of 50 px, not less', async () => {
    const item = showToast();

    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerMove(item, { clientX: 149, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerUp(item, { clientX: 149, pointerId: 1, pointerType: 'touch' });
    expect(isOpen()).toBe(true);

    fireEvent.pointerDown(item, { clientX: 100, pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerMove(item, { clientX: 150, pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(item, { clientX: 150, pointerId: 2, pointerType: 'touch' });
    expect(isOpen()).toBe(false);
    await waitFor(() => expect(screen.queryByText('Report Submitted')).toBeNull());
  });

  it('dismisses from the close button', () => {
    showToast();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(isOpen()).toBe(false);
  });
});
