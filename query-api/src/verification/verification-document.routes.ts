import { DOCUMENT_ERASED, DOCUMENT_NOT_FOUND, GoneError, NotFoundError, uuidParam } from '@civitas/events';
import { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { PersonalDocuments } from '@civitas/service-kit/personal-documents';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { rolesOf } from '@civitas/service-kit/roles';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { QueryContext } from '../lib/viewer';
import { ledCountryKeys } from './national-leadership';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };

/**
 * A claim's document image (personal data, docs/product.md, Calls): to its owner, admins and the leaders of
 * that country's National group only; to anyone else it does not exist (404, so ids tell nothing).
 * Never cached, never sniffed into something else, shown inline.
 */
export function verificationDocumentRoutes(app: ZodRoutes, { readModels, db }: QueryContext & { db: Kysely<PlatformDatabase> }): void {
  const documents = new PersonalDocuments(db, new PersonalDataVault(db));

  app.get(
    '/api/user/verifications/:id/document',
    {
      config: { access: 'member', readModels: ['user_verifications', 'users', 'groups'] },
      schema: {
        tags: ['verification'],
        summary: 'A verification\u2019s document image (its owner, admins, leaders of that country\u2019s National group)',
        params: z.object({ id: uuidParam(DOCUMENT_NOT_FOUND) }),
      },
    },
    async (request, reply) => {
      const viewerId = memberOf(request);
      const { id } = request.params;
      const claim = await readModels.selectFrom('user_verifications').select(['user_id', 'country_key']).where('id', '=', id).executeTakeFirst();
      if (!claim || !(await mayView(viewerId, claim))) throw new NotFoundError(DOCUMENT_NOT_FOUND);
      const document = await documents.get(id);
      if (!document) throw new NotFoundError(DOCUMENT_NOT_FOUND);
      // The owner's key is shredded: the sealed bytes remain, unreadable for good.
      if (!document.bytes) throw new GoneError(DOCUMENT_ERASED);
      return reply
        .header('content-type', document.contentType)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="document.${EXTENSIONS[document.contentType] ?? 'bin'}"`)
        .send(document.bytes);
    },
  );

  async function mayView(viewerId: string, claim: { user_id: string; country_key: string }): Promise<boolean> {
    if (claim.user_id === viewerId) return true;
    const [roles, led] = await Promise.all([rolesOf(readModels, viewerId), ledCountryKeys(readModels, viewerId)]);
    return roles.includes('admin') || led.includes(claim.country_key);
  }
}
