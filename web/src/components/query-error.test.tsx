import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryErrorAlert } from './query-error';

// Errors as the api client makes them (docs/product.md, Messages: "<status>: <body text>").
const answered = (status: number, body: string) => new Error(`${status}: ${body}`);

describe('QueryErrorAlert', () => {
  it.each([
    ['a 503', answered(503, '{"message":"Service Unavailable"}'), 'Civitas could not answer just now. Please try again in a moment.'],
    ['a 500 with a proxy page', answered(500, '<html>oops</html>'), 'Civitas could not answer just now. Please try again in a moment.'],
    ['a 429', answered(429, '{"message":"Too Many Requests"}'), 'Civitas could not answer just now. Please try again in a moment.'],
    ['a 500 with a message', answered(500, '{"message":"relation users does not exist"}'), 'Civitas could not answer just now. Please try again in a moment.'],
    [
      'a 503 that says why',
      answered(503, '{"message":"The log has not been checkpointed yet. Try again in a few seconds."}'),
      'The log has not been checkpointed yet. Try again in a few seconds.',
    ],
    ['a gateway with the API down', answered(502, 'Bad Gateway'), "Civitas can't be reached. Check your connection, then try again."],
    ['no answer at all', new TypeError('Failed to fetch'), "Civitas can't be reached. Check your connection, then try again."],
    ['a refusal with its reason', answered(403, '{"message":"Only members of this group can see its laws"}'), 'Only members of this group can see its laws'],
    ['a refusal without one', answered(400, ''), 'This could not be loaded.'],
  ])('says what %s means, never the raw error', (_, error, shown) => {
    render(<QueryErrorAlert error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(shown);
    expect(alert.textContent).not.toMatch(/^\d{3}:/);
  });

  it('offers Try again, which asks again', () => {
    const retry = vi.fn();
    render(<QueryErrorAlert title="Could not load the opinions" error={answered(503, '')} onRetry={retry} />);
    expect(screen.getByText('Could not load the opinions')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
