import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { ProfileImageStore } from '@civitas/service-kit/profile-images';
import type { QueryContext } from '../lib/viewer';
import { activityRoutes } from './activity.routes';
import { delegationOverviewRoutes, type CarriedWeightOf } from './delegation-overview.routes';
import { imagesRoutes } from './images.routes';
import { profileRoutes } from './profile.routes';

export type { CarriedWeightOf };

/** The profile page's reads (GET /api/user/stats is userStatsRoutes) and the pictures. */
export function profilesRoutes(app: ZodRoutes, context: QueryContext & { images: ProfileImageStore; carriedWeightOf: CarriedWeightOf }): void {
  profileRoutes(app, context);
  activityRoutes(app, context);
  delegationOverviewRoutes(app, context);
  imagesRoutes(app, context);
}
