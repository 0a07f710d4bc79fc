import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';

export const GROUP_DEPARTMENTS = ['family', 'friends', 'business', 'religion', 'national', 'international', 'alliance'] as const;
export const Department = z.enum(GROUP_DEPARTMENTS);
export type Department = z.infer<typeof Department>;

export const SubscriptionType = z.enum(['free', 'premium', 'elite']);
export type SubscriptionType = z.infer<typeof SubscriptionType>;

export const GroupCreatedData = z.object({
  groupId: z.number().int().positive(),
  name: z.string().min(1),
  description: z.string(),
  department: Department,
  subcategory: z.string().nullable(),
  subscriptionType: SubscriptionType,
  features: z.array(z.string()),
  ownerId: z.string().nullable(),
});

export const GroupCreated = defineEvent('GroupCreated', GroupCreatedData);
export type GroupCreated = EventOf<typeof GroupCreated>;

export type GroupEvent = GroupCreated;
export const groupEvents = [GroupCreated];
