import { NotFoundError } from '@civitas/events';
import type { GroupsTable } from '@civitas/projector';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { GroupView, toGroupView } from './group.schema';

type ReadModels = { groups: GroupsTable };

// Religion and the world first, then countries by name: the order the dashboard shows them.
const DEPARTMENT_ORDER = ['family', 'friends', 'business', 'religion', 'international', 'national', 'alliance'];

export function groupsRoutes(app: ZodRoutes, readModels: Kysely<ReadModels>): void {
  app.get('/api/groups', {
    config: { readModels: ['groups'] },
    schema: { tags: ['groups'], summary: 'All groups', response: { 200: z.array(GroupView) } },
  }, async () => {
    const rows = await readModels.selectFrom('groups').selectAll().orderBy('id').execute();
    return rows
      .sort((a, b) => DEPARTMENT_ORDER.indexOf(a.department) - DEPARTMENT_ORDER.indexOf(b.department) || (a.department === 'national' ? a.name.localeCompare(b.name, 'en') : a.id - b.id))
      .map(toGroupView);
  });

  app.get('/api/groups/:id', {
    config: { readModels: ['groups'] },
    schema: {
      tags: ['groups'],
      summary: 'One group',
      params: z.object({ id: z.coerce.number({ error: 'Group id must be a number' }).int().positive('Group id must be a positive number') }),
      response: { 200: GroupView },
    },
  }, async (request) => {
    const row = await readModels.selectFrom('groups').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw new NotFoundError('Group not found');
    return toGroupView(row);
  });
}
