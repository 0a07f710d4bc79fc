import { ConflictError, ValidationError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { chatDecider } from './chat.decider';

const message = (text: string, messageId = '6d1c3b7e-0b8a-4c55-9a1e-3f0c2a9d8e11') => ({
  messageId,
  topicId: '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f',
  groupId: 1682,
  userId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  message: text,
});
const posted = (data: ReturnType<typeof message>) => ({ type: 'ChatMessagePosted' as const, data });
const spec = deciderSpec(chatDecider);

describe('chat decider (docs/product.md, Rules: a message is not blank and at most 2000 characters)', () => {
  it('posts a message', () =>
    spec
      .given([])
      .when({ type: 'postChatMessage', message: message('Hello') })
      .then([posted(message('Hello'))]));
  it('posts more messages on the same stream', () => {
    const first = message('Hello');
    const second = message('Again', 'a1b2c3d4-0b8a-4c55-9a1e-3f0c2a9d8e11');
    spec
      .given([posted(first)])
      .when({ type: 'postChatMessage', message: second })
      .then([posted(second)]);
  });
  it('refuses a blank message', () => {
    spec
      .given([])
      .when({ type: 'postChatMessage', message: message('') })
      .thenThrows(ValidationError, 'Message cannot be empty');
    spec
      .given([])
      .when({ type: 'postChatMessage', message: message(' \n\t ') })
      .thenThrows(ValidationError, 'Message cannot be empty');
  });
  it('takes 2000 characters and refuses 2001', () => {
    spec
      .given([])
      .when({ type: 'postChatMessage', message: message('x'.repeat(2000)) })
      .then([posted(message('x'.repeat(2000)))]);
    spec
      .given([])
      .when({ type: 'postChatMessage', message: message('x'.repeat(2001)) })
      .thenThrows(ValidationError, 'Message must be at most 2000 characters');
  });
  it('never posts the same message id twice', () => {
    spec
      .given([posted(message('Hello'))])
      .when({ type: 'postChatMessage', message: message('Hello') })
      .thenThrows(ConflictError);
  });
});
