import { groupsProjection } from './groups/groups.projection';
import { usersProjection } from './identity/users.projection';
import { subscriptionPaymentsProjection } from './subscriptions/subscription-payments.projection';
import type { Projection } from './projection';

/** Every projection of the platform; features add theirs here. */
export const projections: readonly Projection[] = [groupsProjection, usersProjection, subscriptionPaymentsProjection];
