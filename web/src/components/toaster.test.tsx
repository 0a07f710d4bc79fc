import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from './toaster';
import { NAVIGATION_GRACE_MS } from './toaster-dismissal';
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

describe('Toaster, on navigation', () => {
  afterEach(() => vi.restoreAllMocks());

  function renderAt(path: string) {
    const location = memoryLocation({ path, record: true });
    render(
      <Router hook={location.hook}>
        <Toaster />
      </Router>,
    );
    return location;
  }

  it('closes a toast shown on the page being left', () => {
    const location = renderAt('/topic/t-1');
    act(() => {
      toast({ title: 'Topic created successfully!' });
    });
    const shownAt = Date.now();
    expect(isOpen()).toBe(true);

    vi.spyOn(Date, 'now').mockReturnValue(shownAt + NAVIGATION_GRACE_MS + 1);
    act(() => location.navigate('/group/1682'));
    expect(isOpen()).toBe(false);
  });

  it('keeps a toast raised together with the navigation, or just before it', () => {
    const location = renderAt('/topic/t-1');
    act(() => {
      toast({ title: 'Topic deleted' });
      location.navigate('/group/1682');
    });
    expect(isOpen()).toBe(true);

    // Shown a moment before a redirect (after sign-in, after accepting an invitation): it goes along.
    act(() => {
      toast({ title: 'Invitation Accepted!' });
    });
    act(() => location.navigate('/group/10001'));
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Invitation Accepted!', open: true });
  });
});

describe('Toaster, on switching tabs', () => {
  function SignInTabs() {
    const [tab, setTab] = useState('signin');
    return (
      <Tabs value={tab} onChange={(_, value: string) => setTab(value)}>
        <Tab label="Sign In" value="signin" />
        <Tab label="Create Account" value="register" />
      </Tabs>
    );
  }

  it("closes 'Login failed' when the member switches to Create Account, not on the current tab", () => {
    render(
      <>
        <SignInTabs />
        <Toaster />
      </>,
    );
    act(() => {
      toast({ title: 'Login failed', description: 'Invalid email or password', variant: 'destructive' });
    });

    fireEvent.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(isOpen()).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Create Account' }));
    expect(isOpen()).toBe(false);
    expect(screen.getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe('true');
  });
});
