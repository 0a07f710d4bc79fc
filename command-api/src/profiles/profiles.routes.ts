import multipart from '@fastify/multipart';
import {
  DomainError,
  PROFILE_IMAGE_FIELD,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MISSING,
  PROFILE_IMAGE_TOO_LARGE,
  ProfileImageReply,
  UpdateProfileBody,
  UpdateProfileReply,
  ValidationError,
} from '@civitas/events';
import { zodRoutes, type ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { FastifyRequest } from 'fastify';
import { readWholeFile } from '../lib/uploaded-file';
import type { ProfilesService } from './profiles-service';

class ImageTooLargeError extends DomainError {
  constructor() {
    super(PROFILE_IMAGE_TOO_LARGE, 413);
  }
}

/** The upload's bytes, at most the cap: a larger file is refused with 413 while it streams in (however it is paced), never buffered whole. */
async function uploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ValidationError(PROFILE_IMAGE_MISSING);
  const part = await request.file();
  if (!part || part.fieldname !== PROFILE_IMAGE_FIELD) throw new ValidationError(PROFILE_IMAGE_MISSING);
  return readWholeFile(part, () => new ImageTooLargeError());
}

/** docs/product.md, Calls, 'User and groups': the member's own profile and picture. */
export function profilesRoutes(app: ZodRoutes, { profiles }: { profiles: ProfilesService }): void {
  app.put(
    '/api/user/profile',
    {
      config: { access: 'member' },
      schema: {
        tags: ['profiles'],
        summary: 'Save my profile (names required; a field left out keeps its value, an empty one clears it)',
        body: UpdateProfileBody,
        response: { 200: UpdateProfileReply },
      },
    },
    async (request) => profiles.updateProfile(memberOf(request), request.body),
  );

  // Multipart is parsed on this route only (its own plugin scope), with the 2 MB cap on the file.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 } });
    zodRoutes(scope).post(
      '/api/user/profile-image',
      {
        config: { access: 'member', allowMultipart: true },
        schema: {
          tags: ['profiles'],
          summary: 'Upload my profile picture (multipart field profileImage; JPEG, PNG, GIF or WebP, at most 2 MB)',
          response: { 200: ProfileImageReply },
        },
      },
      async (request) => profiles.changeImage(memberOf(request), await uploadedImage(request)),
    );
  });
}
