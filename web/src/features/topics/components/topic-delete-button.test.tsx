import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { jsonResponse, mockFetch, mockFetchHolding } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { lastToast } from '../../../test/toasts';
import { toast } from '../../../lib/toast-store';
import { TopicDeleteButton } from './topic-delete-button';

const TOPIC_ID = '7b0e4a52-8f7e-4d55-9a0c-2f4b1d6c9e10';

function renderButton() {
  const location = memoryLocation({ path: `/topic/${TOPIC_ID}`, record: true });
  const button = (shown: boolean) => <Router hook={location.hook}>{shown && <TopicDeleteButton topicId={TOPIC_ID} groupId={1682} />}</Router>;
  const { rerender } = renderWithQueries(button(true));
  return Object.assign(location, { unmountButton: () => rerender(button(false)) });
}

describe('deleting a topic', () => {
  it('asks with the text of docs/product.md, Rules, the safe choice focused, and sends nothing on Cancel', async () => {
    const fetchMock = mockFetch();
    renderButton();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Topic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Topic' });
    expect(within(dialog).getByText('Are you sure you want to delete this topic? This action cannot be undone.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Topic deleted' in place of 'Topic created successfully!', back in the group", async () => {
    mockFetch(({ url, init }) => (init?.method === 'DELETE' && url === `/api/topics/${TOPIC_ID}` ? jsonResponse({ position: '5' }) : undefined));
    const location = renderButton();
    act(() => {
      toast({ title: 'Topic created successfully!' });
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Topic' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/group/1682'));
    expect(lastToast()).toMatchObject({ title: 'Topic deleted', open: true });
    expect(screen.queryByText('Topic created successfully!')).toBeNull();
  });

  it('still goes back to the group when the page let go of the button meanwhile', async () => {
    // A live notice of the deletion makes the topic page read 'Topic not found' before the answer is in.
    const { held, release } = mockFetchHolding(`/api/topics/${TOPIC_ID}`);
    const location = renderButton();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Topic' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(held).toHaveLength(1));
    location.unmountButton();
    await act(async () => release(jsonResponse({ position: '5' })));

    await waitFor(() => expect(location.history.at(-1)).toBe('/group/1682'));
    expect(lastToast()).toMatchObject({ title: 'Topic deleted' });
  });
});
