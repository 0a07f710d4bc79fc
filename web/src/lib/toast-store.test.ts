import { describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, useToastStore } from './toast-store';

const toasts = () => useToastStore.getState().toasts;

describe('toast store', () => {
  it('uses the constants of docs/product.md', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('shows one toast at a time, the newest', () => {
    toast({ title: 'Report Submitted' });
    toast({ title: 'Copied!' });
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toMatchObject({
      title: 'Copied!',
      variant: 'default',
      duration: TOAST_DEFAULT_DURATION_MS,
      open: true,
    });
  });

  it('keeps a dismissed toast, closed, until the removal delay has passed', () => {
    vi.useFakeTimers();
    const handle = toast({ title: 'Error', description: 'Failed to update report', variant: 'destructive' });

    handle.dismiss();
    expect(toasts()).toEqual([expect.objectContaining({ id: handle.id, open: false })]);

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });

  it('dismisses every toast when no id is given', () => {
    toast({ title: 'Verification Complete' });
    dismissToast();
    expect(toasts().every((record) => !record.open)).toBe(true);
  });

  it('updates a toast in place', () => {
    const handle = toast({ title: 'Saving', description: 'Please wait' });
    handle.update({ title: 'Report Updated' });
    expect(toasts()[0]).toMatchObject({ id: handle.id, title: 'Report Updated', description: 'Please wait' });
  });

  it('does not let a replaced toast remove its successor later', () => {
    vi.useFakeTimers();
    const first = toast({ title: 'First' });
    first.dismiss();
    const second = toast({ title: 'Second' });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(toasts()).toEqual([expect.objectContaining({ id: second.id, open: true })]);
  });
});
