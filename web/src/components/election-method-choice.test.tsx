import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { chooseLanguage } from '../i18n';
import type { ElectionMethod, LawMethod } from '../lib/election-methods';
import { ElectionMethodChoice, LawMethodChoice } from './election-method-choice';

function Choice({ onChange }: { onChange?: (method: ElectionMethod) => void }) {
  const [method, setMethod] = useState<ElectionMethod>('plurality');
  return (
    <ElectionMethodChoice
      value={method}
      onChange={(next) => {
        setMethod(next);
        onChange?.(next);
      }}
    />
  );
}

const radios = () =>
  within(screen.getByRole('group'))
    .getAllByRole('radio')
    .map((radio) => ({ name: radio.getAttribute('value'), checked: (radio as HTMLInputElement).checked }));

describe('election method choice', () => {
  it('offers the three methods, one candidate first and chosen, each explained in a line', () => {
    const chosen: ElectionMethod[] = [];
    render(<Choice onChange={(method) => chosen.push(method)} />);

    const group = screen.getByRole('group', { name: 'Counting method' });
    expect(radios()).toEqual([
      { name: 'plurality', checked: true },
      { name: 'schulze', checked: false },
      { name: 'approval', checked: false },
    ]);
    expect(
      within(group).getByRole('radio', { name: 'One candidate (plurality)', description: 'Each member votes for one candidate; the most votes win.' }),
    ).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: 'Approval' }));
    expect(chosen).toEqual(['approval']);
    expect(radios()[2]).toEqual({ name: 'approval', checked: true });
  });

  it('names the methods in Arabic', async () => {
    await chooseLanguage('ar');
    render(<Choice />);

    const group = screen.getByRole('group', { name: 'طريقة الفرز' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['مرشح واحد (الأغلبية النسبية)', 'بالترتيب (شولتسه)', 'الموافقة']);
    expect(within(group).getByRole('radio', { name: 'بالترتيب (شولتسه)', description: /^يرتّب الأعضاء المرشحين مع جواز التعادل/ })).toBeTruthy();
  });

  it("offers a law's two ways, support and oppose each opinion first and chosen, each explained in a line, in English and Arabic", async () => {
    const chosen: LawMethod[] = [];
    function LawChoice() {
      const [method, setMethod] = useState<LawMethod>('supportOppose');
      return (
        <LawMethodChoice
          value={method}
          onChange={(next) => {
            setMethod(next);
            chosen.push(next);
          }}
        />
      );
    }
    const { unmount } = render(<LawChoice />);
    const group = screen.getByRole('group', { name: 'How the opinions are decided' });
    expect(radios()).toEqual([
      { name: 'supportOppose', checked: true },
      { name: 'schulze', checked: false },
    ]);
    fireEvent.click(within(group).getByRole('radio', { name: 'Rank the opinions against no change (Schulze)' }));
    expect(chosen).toEqual(['schulze']);
    unmount();

    await chooseLanguage('ar');
    render(<LawChoice />);
    const arabic = screen.getByRole('group', { name: 'طريقة الحسم بين الآراء' });
    expect(
      within(arabic)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['التأييد والمعارضة لكل رأي', 'ترتيب الآراء مقابل عدم التغيير (شولتسه)']);
    expect(
      within(arabic).getByRole('radio', { name: 'ترتيب الآراء مقابل عدم التغيير (شولتسه)', description: /^يرتّب الأعضاء الآراء وخيار «بلا تغيير»/ }),
    ).toBeTruthy();
  });
});
