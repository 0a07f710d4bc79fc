import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TopicParticipant } from '@civitas/events/chat/chat.contract';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { fakeLiveSocket } from '../../../test/live-socket-fakes';
import { jsonResponse, mockFetch, requestsOf, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeStats, makeTopic, serveTopic } from '../../../test/topic-page-fixtures';
import { chooseLanguage } from '../../../i18n';
import type { TopicView } from '../../../lib/api/get-topic';

const member = serveCurrentUser(makeUser({ id: 'member-1', firstName: 'Amina', lastName: 'Haddad' }));
const OMAR = { id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d', firstName: 'Omar', lastName: 'Farouk' };
const KHALID = { id: '2c3d4e5f-6071-4b8c-9d0e-1f2a3b4c5d6e', firstName: 'Omar', lastName: 'Khalid' };
const OLIVIA = { id: '3d4e5f60-7182-4c9d-8e1f-2a3b4c5d6e7f', firstName: 'Olivia', lastName: 'Stone' };
const LAYLA = { id: '4e5f6071-8293-4d0e-9f2a-3b4c5d6e7f80', firstName: 'ليلى', lastName: 'حداد' };

/** The completion route: the participants whose first or last name starts with q (as the server folds it, near enough here). */
function serveParticipants(topic: TopicView, everyone: TopicParticipant[]): Route {
  const path = `/api/topics/${topic.id}/participants`;
  return ({ url }) => {
    if (!url.startsWith(path)) return undefined;
    const q = new URLSearchParams(url.slice(path.length)).get('q')?.toLowerCase() ?? '';
    return jsonResponse({ participants: everyone.filter((p) => [p.firstName, p.lastName].some((name) => name?.toLowerCase().startsWith(q))) });
  };
}

const ENGLISH = { join: 'Join Discussion', title: 'Live Discussion', label: 'Your message', list: 'Members to mention' };
const ARABIC = { join: 'انضم إلى النقاش', title: 'النقاش المباشر', label: 'رسالتك', list: 'أعضاء للإشارة إليهم' };

async function openComposer({ socketOpen = true, routes = [] as Route[], texts = ENGLISH } = {}) {
  const topic = makeTopic();
  const serveMessages: Route = ({ url }) => (url === `/api/topics/${topic.id}/messages` ? jsonResponse([]) : undefined);
  const fetchMock = mockFetch(
    member,
    serveTopic(topic, { stats: makeStats({ participants: 5 }) }),
    serveMessages,
    serveParticipants(topic, [OMAR, KHALID, OLIVIA, LAYLA]),
    ...routes,
  );
  const socket = fakeLiveSocket();
  renderApp(`/topic/${topic.id}`, socket.live);
  await waitFor(() => expect(socket.sockets.length).toBe(1));
  if (socketOpen) act(() => socket.latest().serverOpens());
  fireEvent.click(await screen.findByRole('button', { name: texts.join }));
  const dialog = await screen.findByRole('dialog', { name: texts.title });
  const field = within(dialog).getByRole('textbox', { name: texts.label }) as HTMLTextAreaElement;
  const type = (text: string) => fireEvent.change(field, { target: { value: text } });
  const key = (name: string, init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(field, { key: name, ...init });
  const options = () => within(screen.getByRole('listbox', { name: texts.list })).getAllByRole('option');
  const participantReads = () => requestsOf(fetchMock).filter((line) => line.startsWith(`GET /api/topics/${topic.id}/participants`));
  return { topic, dialog, field, socket, fetchMock, type, key, options, participantReads };
}

describe('chat composer: @-mentions', () => {
  it('offers the participants after @ and letters, moves with the arrows, picks with Enter, and sends the id with the message', async () => {
    const { topic, dialog, field, socket, type, key, options, participantReads } = await openComposer();
    type('Shall we ask @o');
    type('Shall we ask @om');
    const listbox = await screen.findByRole('listbox', { name: 'Members to mention' });
    // One request when typing pauses, for what was typed by then.
    expect(participantReads()).toEqual([`GET /api/topics/${topic.id}/participants?q=om`]);
    expect(options().map((option) => option.textContent)).toEqual(['Omar Farouk', 'Omar Khalid']);
    expect(field.getAttribute('aria-autocomplete')).toBe('list');
    expect(field.getAttribute('aria-controls')).toBe(listbox.id);
    expect(field.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('2 members to mention: the up and down arrows move, Enter picks');

    key('ArrowDown');
    expect(field.getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    expect(options().map((option) => option.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    key('ArrowDown');
    expect(field.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    key('ArrowUp');
    expect(field.getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    key('Enter');

    // Enter picked (it did not send): the @word became the name, the caret behind it, the list closed.
    expect(field.value).toBe('Shall we ask @Omar Khalid ');
    expect(field.selectionStart).toBe(field.value.length);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field.getAttribute('aria-activedescendant')).toBeNull();
    expect(socket.latest().sent).toEqual([]);

    type('Shall we ask @Omar Khalid about it?');
    key('Enter');
    expect(socket.latest().sent).toEqual([
      { type: 'chat', data: { topicId: topic.id, message: 'Shall we ask @Omar Khalid about it?', mentions: [KHALID.id] } },
    ]);
    expect(within(dialog).getByRole('textbox', { name: 'Your message' })).toBe(field);
  });

  it('picks with Tab and with a click; sends only those still named in the text, over HTTP too', async () => {
    const stored = {
      id: 'm-1',
      topicId: '',
      userId: 'member-1',
      message: '',
      createdAt: new Date().toISOString(),
      user: { firstName: 'Amina', lastName: 'Haddad', profileImageUrl: null },
    };
    const post: Route = ({ url, init }) =>
      init?.method === 'POST' && url === '/api/chat/messages' ? jsonResponse({ position: '0000000001', message: stored }, { status: 201 }) : undefined;
    const { topic, field, fetchMock, type, key, options } = await openComposer({ socketOpen: false, routes: [post] });
    type('@Ol');
    await screen.findByRole('listbox');
    key('Tab');
    expect(field.value).toBe('@Olivia Stone ');

    type('@Olivia Stone and @f');
    await waitFor(() => expect(options().map((option) => option.textContent)).toEqual(['Omar Farouk']));
    fireEvent.mouseDown(options()[0]!);
    fireEvent.click(options()[0]!);
    expect(field.value).toBe('@Olivia Stone and @Omar Farouk ');

    // Olivia's name is edited away: she is mentioned no more.
    type('@Olivia and @Omar Farouk, agreed?');
    key('Enter');
    await waitFor(() => expect(requestsTo(fetchMock, 'POST', '/api/chat/messages')).toHaveLength(1));
    const [request] = requestsTo(fetchMock, 'POST', '/api/chat/messages');
    expect(JSON.parse(String(request![1]!.body))).toEqual({ topicId: topic.id, message: '@Olivia and @Omar Farouk, agreed?', mentions: [OMAR.id] });
  });

  it('closes with Escape (not the dialog), stays closed for that word, and opens again for the next @', async () => {
    const { dialog, field, socket, type, key } = await openComposer();
    type('Hi @om');
    await screen.findByRole('listbox');
    key('Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(dialog.isConnected).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Live Discussion' })).toBe(dialog);
    type('Hi @oma');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('listbox')).toBeNull();
    // With the list closed, Enter sends again, and with nobody picked no mentions go with it.
    key('Enter');
    expect(socket.latest().sent).toEqual([{ type: 'chat', data: { topicId: expect.any(String), message: 'Hi @oma' } }]);

    type('Hi @oma, and @o');
    expect(await screen.findByRole('listbox')).toBeTruthy();
    expect(field.value).toBe('Hi @oma, and @o');
  });

  it('opens for an @ at the start of a word only: an e-mail address asks for nothing', async () => {
    const { type, participantReads } = await openComposer();
    type('write to omar@example.org');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(participantReads()).toEqual([]);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('works in Arabic: names in Arabic script, the query sent as typed', async () => {
    await chooseLanguage('ar');
    const { topic, field, socket, type, key, options, participantReads } = await openComposer({ texts: ARABIC });
    type('ما رأيك يا @لي');
    await screen.findByRole('listbox', { name: ARABIC.list });
    expect(options().map((option) => option.textContent)).toEqual(['ليلى حداد']);
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('عضو واحد للإشارة إليه: تنقّل بالسهمين للأعلى وللأسفل، واضغط Enter للاختيار');
    expect(participantReads()).toEqual([`GET /api/topics/${topic.id}/participants?q=${encodeURIComponent('لي')}`]);
    key('Enter');
    expect(field.value).toBe('ما رأيك يا @ليلى حداد ');
    key('Enter');
    expect(socket.latest().sent).toEqual([{ type: 'chat', data: { topicId: topic.id, message: 'ما رأيك يا @ليلى حداد', mentions: [LAYLA.id] } }]);
  });
});
