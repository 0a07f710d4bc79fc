import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeOpinion, makeTopic, serveTopic } from '../../../test/topic-page-fixtures';

const me = makeUser({ id: 'member-1', firstName: 'Amina' });

const message = (id: string, userId: string, firstName: string) => ({
  id,
  topicId: '',
  userId,
  message: `Hello from ${firstName}`,
  createdAt: '2026-03-05T10:00:00.000Z',
  user: { firstName, lastName: null, profileImageUrl: null },
});

describe('topic page: reporting what others wrote', () => {
  it('puts Report beside the topic, each other member\u2019s opinion and chat message, never beside one\u2019s own', async () => {
    const topic = makeTopic({ createdBy: 'someone-else' });
    const mine = makeOpinion({
      topicId: topic.id,
      userId: me.id,
      content: 'My own view.',
      user: { firstName: 'Amina', lastName: 'Haddad', profileImageUrl: null },
    });
    const theirs = makeOpinion({ topicId: topic.id, userId: 'author-1', content: 'Their view.' });
    mockFetch(serveCurrentUser(me), serveTopic(topic, { opinions: () => [theirs, mine] }), ({ url }) =>
      url === `/api/topics/${topic.id}/messages`
        ? jsonResponse(
            [message('11111111-0000-4000-8000-000000000001', 'author-1', 'Layla'), message('11111111-0000-4000-8000-000000000002', me.id, 'Amina')].map(
              (m) => ({ ...m, topicId: topic.id }),
            ),
          )
        : undefined,
    );
    renderApp(`/topic/${topic.id}`);

    const header = await screen.findByRole('region', { name: topic.title });
    expect(within(header).getByRole('button', { name: 'Report' })).toBeTruthy();
    // The topic's author is reported to the administrators; leaders hear about members' conduct in opinions and chat.
    expect(within(header).queryByRole('button', { name: 'Report to group leaders' })).toBeNull();

    const theirOpinion = await screen.findByRole('article', { name: 'Opinion by Layla Nasser' });
    expect(within(theirOpinion).getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(within(theirOpinion).getByRole('button', { name: 'Report to group leaders' })).toBeTruthy();
    const myOpinion = screen.getByRole('article', { name: 'Opinion by Amina Haddad' });
    expect(within(myOpinion).queryByRole('button', { name: 'Report' })).toBeNull();

    fireEvent.click(within(theirOpinion).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Report' });
    expect(within(dialog).getByText('You are reporting this opinion.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(header).getByRole('button', { name: 'Join Discussion' }));
    const chat = await screen.findByRole('dialog', { name: 'Live Discussion' });
    const theirMessage = await within(chat).findByRole('listitem', { name: 'Message from Layla' });
    expect(within(theirMessage).getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(within(theirMessage).getByRole('button', { name: 'Report to group leaders' })).toBeTruthy();
    expect(within(within(chat).getByRole('listitem', { name: 'Message from Amina' })).queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('offers no Report beside a topic the member started, and no leader report to a member who takes no part', async () => {
    const topic = makeTopic({ createdBy: me.id, canParticipate: false });
    const theirs = makeOpinion({ topicId: topic.id, userId: 'author-1' });
    mockFetch(serveCurrentUser(me), serveTopic(topic, { opinions: () => [theirs] }));
    renderApp(`/topic/${topic.id}`);
    const header = await screen.findByRole('region', { name: topic.title });
    expect(within(header).queryByRole('button', { name: 'Report' })).toBeNull();
    const opinion = await screen.findByRole('article', { name: 'Opinion by Layla Nasser' });
    expect(within(opinion).getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(within(opinion).queryByRole('button', { name: 'Report to group leaders' })).toBeNull();
  });
});
