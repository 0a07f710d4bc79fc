import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { makeUser } from '../../../test/auth-fixtures';
import { WelcomeCard } from './welcome-card';

/** A phone: MUI's down('sm') asks for a max-width, which matches; jsdom has no matchMedia of its own. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

const highlight = () => screen.queryByRole('heading', { level: 2, name: 'Discuss Topics' });

// Other files of the worker render the dashboard (and its welcome) first: each test starts unseen.
beforeEach(() => localStorage.removeItem('civitas.welcome-seen'));

describe('WelcomeCard', () => {
  it('on a phone, shows the highlights on the first visit and folds them away after it, one tap from view', () => {
    onPhone();
    const first = render(<WelcomeCard user={makeUser({ firstName: 'Amina' })} />);
    expect(highlight()).not.toBeNull();
    first.unmount();

    render(<WelcomeCard user={makeUser({ firstName: 'Amina' })} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Amina!' })).toBeTruthy();
    expect(highlight()).toBeNull();
    const toggle = screen.getByRole('button', { name: 'What you can do here' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(highlight()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('keeps them open on a wide screen, visit after visit', () => {
    localStorage.setItem('civitas.welcome-seen', '1');
    render(<WelcomeCard user={makeUser()} />);
    expect(highlight()).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'What you can do here' })).toBeNull();
  });
});
