import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatMessageView } from '@civitas/events/chat/chat.contract';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { fakeLiveSocket } from '../../../test/live-socket-fakes';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeStats, makeTopic, serveTopic } from '../../../test/topic-page-fixtures';
import { lastToast } from '../../../test/toasts';
import { POSITION_HEADER } from '../../../lib/read-position';
import type { TopicView } from '../../../lib/api/get-topic';

const me = makeUser({ id: 'member-1', firstName: 'Amina', lastName: 'Haddad' });
const member = serveCurrentUser(me);

let nextMessage = 0;
function makeMessage(topicId: string, overrides: Partial<ChatMessageView> = {}): ChatMessageView {
  nextMessage += 1;
  return {
    id: `message-${nextMessage}`,
    topicId,
    userId: 'member-2',
    message: `Message ${nextMessage}`,
    createdAt: new Date().toISOString(),
    user: { firstName: 'Omar', lastName: 'Farouk', profileImageUrl: null },
    ...overrides,
  };
}

function serveMessages(topic: TopicView, messages: () => ChatMessageView[]): Route {
  return ({ url, init }) => ((init?.method ?? 'GET') === 'GET' && url === `/api/topics/${topic.id}/messages` ? jsonResponse(messages()) : undefined);
}

function answerPost(response: () => Response): Route {
  return ({ url, init }) => (init?.method === 'POST' && url === '/api/chat/messages' ? response() : undefined);
}

async function openChat(topic: TopicView, { socketOpen = false, routes = [] as Route[], messages = () => [] as ChatMessageView[], participants = 13 } = {}) {
  const fetchMock = mockFetch(member, serveTopic(topic, { stats: makeStats({ participants }) }), serveMessages(topic, messages), ...routes);
  const socket = fakeLiveSocket();
  renderApp(`/topic/${topic.id}`, socket.live);
  await waitFor(() => expect(socket.sockets.length).toBe(1));
  if (socketOpen) act(() => socket.latest().serverOpens());
  fireEvent.click(await screen.findByRole('button', { name: 'Join Discussion' }));
  const dialog = await screen.findByRole('dialog', { name: 'Live Discussion' });
  return { fetchMock, socket, dialog };
}

describe('chat dialog', () => {
  it('opens from Join Discussion with the real number of participants and the history, names and relative times', async () => {
    const topic = makeTopic();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const history = [
      makeMessage(topic.id, { message: 'Morning all', createdAt: '2025-03-02T09:00:00.000Z' }),
      makeMessage(topic.id, { message: 'Three hours on', createdAt: minutesAgo(3 * 60 + 5) }),
      makeMessage(topic.id, {
        message: 'Twelve minutes on',
        createdAt: minutesAgo(12),
        user: { firstName: 'Layla', lastName: 'Nasser', profileImageUrl: null },
      }),
      makeMessage(topic.id, { message: 'Right now', createdAt: minutesAgo(0) }),
    ];
    const { dialog } = await openChat(topic, { messages: () => history, participants: 13 });

    expect(within(dialog).getByText(topic.title)).toBeTruthy();
    expect(await within(dialog).findByText('13 participants')).toBeTruthy();
    expect(dialog.textContent).not.toContain('47');
    const log = await within(dialog).findByRole('log', { name: 'Chat messages' });
    const rows = within(log).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Message from Omar Farouk',
      'Message from Omar Farouk',
      'Message from Layla Nasser',
      'Message from Omar Farouk',
    ]);
    expect(within(rows[0]!).getByText('Mar 02, 2025')).toBeTruthy();
    expect(within(rows[1]!).getByText('3 hr ago')).toBeTruthy();
    expect(within(rows[2]!).getByText('12 min ago')).toBeTruthy();
    expect(within(rows[3]!).getByText('Just now')).toBeTruthy();
  });

  it('sends through the socket when it is open, and shows the message when it is pushed back', async () => {
    const topic = makeTopic();
    const { dialog, socket, fetchMock } = await openChat(topic, { socketOpen: true });
    await within(dialog).findByText('No messages yet. Start the conversation!');
    const field = within(dialog).getByRole('textbox', { name: 'Your message' });
    fireEvent.change(field, { target: { value: '  Shall we meet on Friday?  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(socket.latest().sent).toEqual([{ type: 'chat', data: { topicId: topic.id, message: 'Shall we meet on Friday?' } }]);
    expect((field as HTMLTextAreaElement).value).toBe('');
    expect(requestsTo(fetchMock, 'POST', '/api/chat/messages')).toHaveLength(0);

    act(() =>
      socket.latest().serverSends({
        type: 'chat',
        position: '0000000077',
        data: makeMessage(topic.id, {
          userId: me.id,
          message: 'Shall we meet on Friday?',
          user: { firstName: 'Amina', lastName: 'Haddad', profileImageUrl: null },
        }),
      }),
    );
    const row = await within(dialog).findByRole('listitem', { name: 'Message from Amina Haddad' });
    expect(within(row).getByText('Shall we meet on Friday?')).toBeTruthy();
    // The member's own message says so (issue #32); another member's does not.
    expect(within(row).getByText('You')).toBeTruthy();
  });

  it("shows other members' messages as they are pushed, only this topic's, each once", async () => {
    const topic = makeTopic();
    const { dialog, socket } = await openChat(topic, { socketOpen: true });
    await within(dialog).findByText('No messages yet. Start the conversation!');
    const pushed = makeMessage(topic.id, { message: 'Hello from Omar' });
    act(() => {
      socket.latest().serverSends({ type: 'chat', position: '0000000010', data: pushed });
      socket.latest().serverSends({ type: 'chat', position: '0000000010', data: pushed });
      socket.latest().serverSends({ type: 'chat', position: '0000000011', data: makeMessage('another-topic', { message: 'Elsewhere' }) });
    });
    expect(await within(dialog).findByText('Hello from Omar')).toBeTruthy();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    expect(within(dialog).queryByText('Elsewhere')).toBeNull();
  });

  it('posts over HTTP when the socket is not open, and shows the stored message at once', async () => {
    const topic = makeTopic();
    const stored = makeMessage(topic.id, {
      userId: me.id,
      message: 'Sent without a socket',
      user: { firstName: 'Amina', lastName: 'Haddad', profileImageUrl: null },
    });
    const { dialog, fetchMock, socket } = await openChat(topic, {
      routes: [answerPost(() => jsonResponse({ position: '0000000099', message: stored }, { status: 201 }))],
    });
    await within(dialog).findByText('No messages yet. Start the conversation!');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Your message' }), { target: { value: 'Sent without a socket' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('listitem', { name: 'Message from Amina Haddad' })).toBeTruthy();
    const [post] = requestsTo(fetchMock, 'POST', '/api/chat/messages');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ topicId: topic.id, message: 'Sent without a socket' });
    expect(socket.latest().sent).toEqual([]);
  });

  it("says 'Failed to send message. Please try again.' with the server's words when the post fails, and keeps the text", async () => {
    const topic = makeTopic();
    const { dialog } = await openChat(topic, {
      routes: [answerPost(() => jsonResponse({ message: 'You are sending messages too fast. Please wait a moment.' }, { status: 429 }))],
    });
    const field = within(dialog).getByRole('textbox', { name: 'Your message' });
    fireEvent.change(field, { target: { value: 'One more' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(lastToast()?.title).toBe('Failed to send message. Please try again.'));
    expect(lastToast()?.description).toBe('You are sending messages too fast. Please wait a moment.');
    expect(lastToast()?.variant).toBe('destructive');
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe('One more'));
  });

  it("turns an error frame into the failure toast with the server's message, and gives the text back", async () => {
    const topic = makeTopic();
    const { dialog, socket } = await openChat(topic, { socketOpen: true });
    const field = within(dialog).getByRole('textbox', { name: 'Your message' });
    fireEvent.change(field, { target: { value: 'Refused one' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((field as HTMLTextAreaElement).value).toBe('');

    act(() => socket.latest().serverSends({ type: 'error', data: { message: 'Topic is closed' } }));
    expect(lastToast()?.title).toBe('Failed to send message. Please try again.');
    expect(lastToast()?.description).toBe('Topic is closed');
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe('Refused one'));
  });

  it('counts to 2000, stops there, and sends nothing blank', async () => {
    const topic = makeTopic();
    const { dialog, socket } = await openChat(topic, { socketOpen: true });
    const field = within(dialog).getByRole('textbox', { name: 'Your message' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(within(dialog).getByText('0/2000')).toBeTruthy();
    fireEvent.change(field, { target: { value: '   \n  ' } });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(socket.latest().sent).toEqual([]);

    fireEvent.change(field, { target: { value: 'x'.repeat(2100) } });
    expect((field as HTMLTextAreaElement).value).toHaveLength(2000);
    expect(within(dialog).getByText('2000/2000')).toBeTruthy();
    // Enter sends too.
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(socket.latest().sent).toHaveLength(1);
  });

  it('shows a closed topic’s history without a composer', async () => {
    const topic = makeTopic({ status: 'closed', canParticipate: false });
    const { dialog } = await openChat(topic, { messages: () => [makeMessage(topic.id, { message: 'Before it closed' })] });
    expect(await within(dialog).findByText('Before it closed')).toBeTruthy();
    expect(within(dialog).getByText('This topic is closed. New messages are no longer accepted.')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Your message' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('reads the history again after a reconnect, waiting for the last pushed position', async () => {
    const topic = makeTopic();
    let history: ChatMessageView[] = [];
    const { dialog, socket, fetchMock } = await openChat(topic, { socketOpen: true, messages: () => history });
    await within(dialog).findByText('No messages yet. Start the conversation!');
    act(() => socket.latest().serverSends({ type: 'topicStats', data: { topicId: topic.id }, position: '0000000500' }));

    history = [makeMessage(topic.id, { message: 'Sent while we were away' })];
    act(() => socket.latest().serverCloses());
    await waitFor(() => expect(socket.sockets.length).toBe(2), { timeout: 3000 });
    act(() => socket.latest().serverOpens());
    expect(await within(dialog).findByText('Sent while we were away')).toBeTruthy();
    const reads = requestsTo(fetchMock, 'GET', `/api/topics/${topic.id}/messages`);
    expect((reads.at(-1)![1]!.headers as Record<string, string>)[POSITION_HEADER]).toBe('0000000500');
  });
});
