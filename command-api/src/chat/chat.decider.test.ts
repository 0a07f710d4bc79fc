import { ConflictError, ValidationError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { chatDecider, type PostChatMessage } from './chat.decider';

const AUTHOR = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const [OMAR, LAYLA, ERASED] = ['1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d', '2c3d4e5f-6071-4b8c-9d0e-1f2a3b4c5d6e', '3d4e5f60-7182-4c9d-8e1f-2a3b4c5d6e7f'];

const message = (text: string, messageId = '6d1c3b7e-0b8a-4c55-9a1e-3f0c2a9d8e11') => ({
  messageId,
  topicId: '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f',
  groupId: 1682,
  userId: AUTHOR,
  message: text,
});
const post = (text: string, requested: string[] = [], mayBeTold: string[] = [], messageId?: string): PostChatMessage => ({
  type: 'postChatMessage',
  message: message(text, messageId),
  mentions: { requested, mayBeTold: new Set(mayBeTold) },
});
const posted = (data: ReturnType<typeof message>, mentions: string[] = []) => ({ type: 'ChatMessagePosted' as const, data: { ...data, mentions } });
const spec = deciderSpec(chatDecider);

describe('chat decider (docs/product.md, Rules: a message is not blank and at most 2000 characters)', () => {
  it('posts a message', () =>
    spec
      .given([])
      .when(post('Hello'))
      .then([posted(message('Hello'))]));
  it('posts more messages on the same stream', () => {
    const first = message('Hello');
    const second = message('Again', 'a1b2c3d4-0b8a-4c55-9a1e-3f0c2a9d8e11');
    spec
      .given([posted(first)])
      .when(post('Again', [], [], second.messageId))
      .then([posted(second)]);
  });
  it('refuses a blank message', () => {
    spec.given([]).when(post('')).thenThrows(ValidationError, 'Message cannot be empty');
    spec.given([]).when(post(' \n\t ')).thenThrows(ValidationError, 'Message cannot be empty');
  });
  it('takes 2000 characters and refuses 2001', () => {
    spec
      .given([])
      .when(post('x'.repeat(2000)))
      .then([posted(message('x'.repeat(2000)))]);
    spec
      .given([])
      .when(post('x'.repeat(2001)))
      .thenThrows(ValidationError, 'Message must be at most 2000 characters');
  });
  it('never posts the same message id twice', () => {
    spec
      .given([posted(message('Hello'))])
      .when(post('Hello'))
      .thenThrows(ConflictError);
  });
});

describe('chat decider: mentions (docs/decisions.md, Mentions)', () => {
  it('records the mentioned members who may be told, once each, in the order named', () =>
    spec
      .given([])
      .when(post('@Omar Farouk @Layla Nasser what do you think?', [LAYLA, OMAR, LAYLA], [OMAR, LAYLA]))
      .then([posted(message('@Omar Farouk @Layla Nasser what do you think?'), [LAYLA, OMAR])]));
  it('leaves out, without refusing the message, the author and whoever may not be told (erased, not able to see the topic, no account)', () =>
    spec
      .given([])
      .when(post('@me @Omar @ghost', [AUTHOR, OMAR, ERASED], [AUTHOR, OMAR]))
      .then([posted(message('@me @Omar @ghost'), [OMAR])]));
  it('posts with no mentions when nobody named may be told', () =>
    spec
      .given([])
      .when(post('@ghost', [ERASED], []))
      .then([posted(message('@ghost'))]));
  it('takes 20 mentions and refuses 21', () => {
    const twenty = Array.from({ length: 20 }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`);
    spec
      .given([])
      .when(post('Everyone', twenty, twenty))
      .then([posted(message('Everyone'), twenty)]);
    spec
      .given([])
      .when(post('Everyone', [...twenty, OMAR], [...twenty, OMAR]))
      .thenThrows(ValidationError, 'A message can mention at most 20 members');
  });
});
