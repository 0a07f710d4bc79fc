import { z } from 'zod';

export const GroupDepartment = z.enum([
  'family',
  'friends',
  'business',
  'religion',
  'national',
  'international',
  'alliance',
]);
export type GroupDepartment = z.infer<typeof GroupDepartment>;

export const GroupSubscriptionType = z.enum(['free', 'premium', 'elite']);
export type GroupSubscriptionType = z.infer<typeof GroupSubscriptionType>;

/** A group as GET /api/groups and GET /api/groups/<id> return it. */
export const Group = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  department: GroupDepartment,
  /** For national groups, the country key: lowercase name with underscores. */
  subcategory: z.string().nullable(),
  subscriptionType: GroupSubscriptionType,
  features: z.array(z.string()),
  memberCount: z.number().int().nonnegative(),
  type: z.string(),
  requiresSubscription: z.boolean(),
});
export type Group = z.infer<typeof Group>;
