import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';

/** `mail-{eventId}`: the mail an event called for went out (or was written to the mail folder). */
export const MailSent = defineEvent(
  'MailSent',
  z.object({
    sourceEventId: z.uuid(),
    kind: z.enum(['invitation', 'password_reset', 'email_verification']),
    transport: z.enum(['smtp', 'file']),
    messageId: z.string(),
  }),
);
export type MailSent = EventOf<typeof MailSent>;
export const mailEvents = [MailSent];
