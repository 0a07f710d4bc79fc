import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsOf, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { sentBody } from '../../../test/subscription-fixtures';
import { makeOpinion, makeTopic, serveTopic } from '../../../test/topic-page-fixtures';
import { lastToast } from '../../../test/toasts';
import type { TopicView } from '../../../lib/api/get-topic';

const member = serveCurrentUser(makeUser());

async function openComposer(topic: TopicView, ...routes: Route[]) {
  const fetchMock = mockFetch(member, serveTopic(topic), ...routes);
  renderApp(`/topic/${topic.id}`);
  const composer = await screen.findByRole('region', { name: 'Share Your Opinion' });
  return { fetchMock, composer, field: within(composer).getByRole('textbox', { name: 'Your opinion' }) };
}

function answerPost(response: () => Response): Route {
  return ({ url, init }) => (init?.method === 'POST' && url === '/api/opinions' ? response() : undefined);
}

describe('opinion composer', () => {
  it('counts up to 1000 characters and stops there', async () => {
    const { composer, field } = await openComposer(makeTopic());
    expect(within(composer).getByText('0/1000')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'Safer roads' } });
    expect(within(composer).getByText('11/1000')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'x'.repeat(1200) } });
    expect((field as HTMLTextAreaElement).value).toHaveLength(1000);
    expect(within(composer).getByText('1000/1000')).toBeTruthy();
    expect(field.getAttribute('maxlength')).toBe('1000');
  });

  it('keeps Post Opinion disabled while the text is blank after trimming', async () => {
    const { composer, field, fetchMock } = await openComposer(makeTopic());
    const submit = within(composer).getByRole('button', { name: 'Post Opinion' });
    expect(submit.hasAttribute('disabled')).toBe(true);

    fireEvent.change(field, { target: { value: '   \n\t ' } });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.submit(field.closest('form')!);
    expect(requestsOf(fetchMock)).not.toContain('POST /api/opinions');

    fireEvent.change(field, { target: { value: '  Yes  ' } });
    expect(submit.hasAttribute('disabled')).toBe(false);
  });

  it('posts the trimmed opinion, then shows it from the refreshed list', async () => {
    const topic = makeTopic();
    let opinions = [makeOpinion({ topicId: topic.id, content: 'An older view' })];
    const mine = makeOpinion({
      topicId: topic.id,
      content: 'Speed bumps first',
      user: { firstName: 'Amina', lastName: 'Haddad', profileImageUrl: null },
    });
    const fetchMock = mockFetch(
      member,
      serveTopic(topic, { opinions: () => opinions }),
      answerPost(() => {
        opinions = [...opinions, mine];
        return jsonResponse({ position: '7', opinion: mine }, { status: 201 });
      }),
    );
    renderApp(`/topic/${topic.id}`);
    const composer = await screen.findByRole('region', { name: 'Share Your Opinion' });
    await screen.findByText('An older view');
    const field = within(composer).getByRole('textbox', { name: 'Your opinion' });

    fireEvent.change(field, { target: { value: '  Speed bumps first \n' } });
    fireEvent.click(within(composer).getByRole('button', { name: 'Post Opinion' }));

    const others = screen.getByRole('region', { name: 'Other Opinions' });
    expect(await within(others).findByText('Speed bumps first')).toBeTruthy();
    expect(within(others).getByRole('article', { name: 'Opinion by Amina Haddad' })).toBeTruthy();
    expect(lastToast()).toMatchObject({ title: 'Opinion posted' });
    expect((field as HTMLTextAreaElement).value).toBe('');

    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/opinions' && init?.method === 'POST');
    expect(sentBody(post?.[1])).toEqual({ topicId: topic.id, content: 'Speed bumps first' });
    // The list, the topic and its stats are read again after the post.
    const reads = requestsOf(fetchMock);
    for (const path of ['', '/stats', '/opinions']) {
      expect(reads.filter((request) => request === `GET /api/topics/${topic.id}${path}`)).toHaveLength(2);
    }
  });

  it('sends each submission with an Idempotency-Key of its own, so a retried request is stored once', async () => {
    const topic = makeTopic();
    const { composer, field, fetchMock } = await openComposer(
      topic,
      answerPost(() => jsonResponse({ position: '7', opinion: makeOpinion({ topicId: topic.id }) }, { status: 201 })),
    );
    for (const text of ['First view', 'Second view']) {
      fireEvent.change(field, { target: { value: text } });
      fireEvent.click(within(composer).getByRole('button', { name: 'Post Opinion' }));
      await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
    }
    const keys = fetchMock.mock.calls
      .filter(([url, init]) => url === '/api/opinions' && init?.method === 'POST')
      .map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[\w-]{8,128}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it.each([
    ['a national observer', 'Only verified citizens of this country can post opinions here.'],
    ['a member refused posting', 'You cannot post opinions in this group.'],
  ])('tells %s that participation is restricted', async (_, message) => {
    const { composer, field } = await openComposer(
      makeTopic(),
      answerPost(() => jsonResponse({ message }, { status: 403 })),
    );
    fireEvent.change(field, { target: { value: 'My view' } });
    fireEvent.click(within(composer).getByRole('button', { name: 'Post Opinion' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Participation Restricted',
        description: 'Only verified citizens of this country can participate in this discussion.',
        variant: 'destructive',
      }),
    );
    // The draft stays, so nothing typed is lost.
    expect((field as HTMLTextAreaElement).value).toBe('My view');
  });

  it("says 'Session Expired' when the session is gone", async () => {
    const { composer, field } = await openComposer(
      makeTopic(),
      answerPost(() => jsonResponse({ message: 'Unauthorized' }, { status: 401 })),
    );
    fireEvent.change(field, { target: { value: 'My view' } });
    fireEvent.click(within(composer).getByRole('button', { name: 'Post Opinion' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Session Expired',
        description: 'Please log in again to continue.',
        variant: 'destructive',
      }),
    );
  });

  it("shows the server's reason for any other refusal", async () => {
    const { composer, field } = await openComposer(
      makeTopic(),
      answerPost(() => jsonResponse({ message: 'This topic is closed.' }, { status: 403 })),
    );
    fireEvent.change(field, { target: { value: 'My view' } });
    fireEvent.click(within(composer).getByRole('button', { name: 'Post Opinion' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Failed to Post Opinion', description: 'This topic is closed.' }));
  });

  it('asks to check the connection when the server gave no reason', async () => {
    const { composer, field } = await openComposer(
      makeTopic(),
      answerPost(() => new Response('Bad Gateway', { status: 502 })),
    );
    fireEvent.change(field, { target: { value: 'My view' } });
    fireEvent.click(within(composer).getByRole('button', { name: 'Post Opinion' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to Post Opinion',
        description: 'Please check your connection and try again.',
      }),
    );
  });

  it('explains, instead of the form, why a member who is not eligible cannot post', async () => {
    const topic = makeTopic({ canParticipate: false });
    mockFetch(member, serveTopic(topic));
    renderApp(`/topic/${topic.id}`);
    const composer = await screen.findByRole('region', { name: 'Share Your Opinion' });

    expect(within(composer).queryByRole('textbox')).toBeNull();
    expect(within(composer).getByText(/only members eligible to take part in this group can post opinions/)).toBeTruthy();
  });
});
