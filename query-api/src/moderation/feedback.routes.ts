import { AdminReportItem, AdminSuggestionItem } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { z } from 'zod';
import { iso } from '../lib/iso';
import type { QueryContext } from '../lib/viewer';

/** docs/product.md, Calls 'Admin': the reports and suggestions lists, newest first, for admins only (401 visitors, 403 members). */
export function feedbackRoutes(app: ZodRoutes, context: QueryContext): void {
  const { readModels } = context;

  app.get(
    '/api/admin/reports',
    {
      config: { access: 'admin', readModels: ['feedback', 'users'] },
      schema: { tags: ['moderation'], summary: 'Every report, newest first (admins)', response: { 200: z.array(AdminReportItem) } },
    },
    async (): Promise<AdminReportItem[]> => {
      const rows = await readModels
        .selectFrom('reports')
        .select(['id', 'type', 'content', 'target_type', 'target_id', 'status', 'admin_notes', 'created_at', 'reviewed_at'])
        .orderBy('created_at', 'desc')
        .orderBy('position', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        content: row.content,
        targetType: row.target_type,
        targetId: row.target_id,
        status: row.status,
        adminNotes: row.admin_notes,
        createdAt: row.created_at.toISOString(),
        reviewedAt: iso(row.reviewed_at),
      }));
    },
  );

  app.get(
    '/api/admin/suggestions',
    {
      config: { access: 'admin', readModels: ['feedback', 'users'] },
      schema: { tags: ['moderation'], summary: 'Every suggestion, newest first (admins)', response: { 200: z.array(AdminSuggestionItem) } },
    },
    async (): Promise<AdminSuggestionItem[]> => {
      const rows = await readModels
        .selectFrom('suggestions')
        .select(['id', 'type', 'content', 'status', 'priority', 'admin_notes', 'implementation_notes', 'created_at', 'reviewed_at'])
        .orderBy('created_at', 'desc')
        .orderBy('position', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        content: row.content,
        status: row.status,
        priority: row.priority,
        adminNotes: row.admin_notes,
        implementationNotes: row.implementation_notes,
        createdAt: row.created_at.toISOString(),
        reviewedAt: iso(row.reviewed_at),
      }));
    },
  );
}
