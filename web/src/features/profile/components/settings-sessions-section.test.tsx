import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithQueries } from '../../../test/render-app';
import { SettingsSessionsSection } from './settings-sessions-section';

const times = { createdAt: '2026-03-01T09:00:00.000Z', lastSeenAt: '2026-03-01T10:00:00.000Z', expiresAt: '2026-03-08T09:00:00.000Z' };

describe('SettingsSessionsSection', () => {
  it('names each session by browser and system, this one as This device, older ones as an unknown device', () => {
    renderWithQueries(
      <SettingsSessionsSection
        sessions={[
          { ...times, current: true, device: { browser: 'Chrome', os: 'Linux' } },
          { ...times, createdAt: '2026-02-28T09:00:00.000Z', current: false, device: { browser: 'Firefox', os: 'Windows' } },
          { ...times, createdAt: '2026-02-27T09:00:00.000Z', current: false, device: { os: 'iOS' } },
          { ...times, createdAt: '2026-02-26T09:00:00.000Z', current: false, device: null },
        ]}
      />,
    );
    expect(screen.getByText('This device: Chrome on Linux')).toBeTruthy();
    const others = within(screen.getByRole('list', { name: 'Other sessions' })).getAllByRole('listitem');
    expect(others.map((item) => item.firstElementChild?.textContent)).toEqual(['Firefox on Windows', 'iOS', 'Unknown device']);
    expect(others[0]!.textContent).toContain('Signed in');
  });
});
