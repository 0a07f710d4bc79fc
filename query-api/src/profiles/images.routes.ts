import { NotFoundError, PROFILE_IMAGE_FILE_PATTERN } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { ProfileImageStore } from '@civitas/service-kit/profile-images';
import { z } from 'zod';

export const IMAGE_NOT_FOUND = 'Image not found';

/** Profile pictures by content hash: the same URL never names other bytes, so browsers and proxies keep them for a year. */
export function imagesRoutes(app: ZodRoutes, { images }: { images: ProfileImageStore }): void {
  app.get(
    '/api/images/:file',
    {
      config: { access: 'public' },
      schema: { tags: ['profiles'], summary: 'A profile picture (JPEG) by its content hash', params: z.object({ file: z.string() }) },
    },
    async (request, reply) => {
      const hash = PROFILE_IMAGE_FILE_PATTERN.exec(request.params.file)?.[1];
      const bytes = hash ? await images.get(hash) : null;
      // Erased or replaced pictures are gone for good.
      if (!bytes) throw new NotFoundError(IMAGE_NOT_FOUND);
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
