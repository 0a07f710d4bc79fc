import { profileImagePath, userStream, type Badge, type Position, type ProfileFields, type UpdateProfileBody } from '@civitas/events';
import type { PersonalDataVault } from '@civitas/service-kit/personal-data';
import type { ProfileImageStore } from '@civitas/service-kit/profile-images';
import type { CommandBus } from '../lib/command-bus';
import { HOUR_MS, countAgainst, type DomainLimit, type HitCounter } from '../lib/domain-limit';
import { reencodeProfileImage } from './profile-image';
import { OPTIONAL_PROFILE_FIELDS, profileDecider, type ProfileState, type UpdateProfile } from './profile.decider';

export const TOO_MANY_UPLOADS = 'Too many profile image uploads. Please wait a while and try again.';
/** Decoding images costs CPU: a member uploads at most this many per hour (counted per attempt). */
export const UPLOADS_PER_HOUR = 20;
const PICTURE_LIMIT: DomainLimit = {
  counter: 'profile-image',
  name: 'profile-image-uploads',
  max: UPLOADS_PER_HOUR,
  windowMs: HOUR_MS,
  message: TOO_MANY_UPLOADS,
};

/** The member's profile, picture and badges on their own stream; every text sealed with their key. */
export class ProfilesService {
  constructor(
    private readonly bus: CommandBus,
    private readonly vault: PersonalDataVault,
    private readonly images: ProfileImageStore,
    private readonly counters: HitCounter,
  ) {}

  async updateProfile(userId: string, body: UpdateProfileBody): Promise<{ profile: ProfileFields; position: Position | null }> {
    // Seal only what was sent: a field left out keeps its sealed value in the decider.
    const sent = OPTIONAL_PROFILE_FIELDS.filter((field) => body[field] !== undefined);
    const sealed = await this.vault.sealAll(userId, [body.firstName, body.lastName, ...sent.map((field) => body[field] ?? null)]);
    const command: UpdateProfile = {
      type: 'updateProfile',
      firstName: sealed[0]!,
      lastName: sealed[1]!,
      fields: Object.fromEntries(sent.map((field, index) => [field, sealed[index + 2] ?? null])),
      profileImageUrl: body.profileImageUrl,
    };
    const result = await this.bus.run(userStream(userId), profileDecider, command, { actorId: userId });
    if (result.events.some((event) => event.type === 'ProfileImageChanged')) await this.images.keepOnly(userId, result.state.imageHash);
    return { profile: await this.openProfile(userId, result.state), position: result.position };
  }

  /** Re-encodes the upload, stores it under its hash, then makes it the member's picture. */
  async changeImage(userId: string, upload: Buffer): Promise<{ profileImageUrl: string; position: Position | null }> {
    await countAgainst(this.counters, PICTURE_LIMIT, userId);
    const { bytes, hash } = await reencodeProfileImage(upload);
    // Stored first, so the picture can be served as soon as anyone reads its URL.
    await this.images.put(userId, hash, bytes);
    const profileImageUrl = profileImagePath(hash);
    const result = await this.bus.run(
      userStream(userId),
      profileDecider,
      { type: 'changeProfileImage', imageHash: hash, profileImageUrl },
      { actorId: userId },
    );
    // What the member replaced is not kept (two uploads racing may leave the later without bytes; uploading again mends it).
    await this.images.keepOnly(userId, result.state.imageHash);
    return { profileImageUrl, position: result.position };
  }

  async grantBadge(adminId: string, userId: string, badge: Badge, reason: string | null) {
    const result = await this.bus.run(userStream(userId), profileDecider, { type: 'grantBadge', badge, grantedBy: adminId, reason }, { actorId: adminId });
    return { position: result.position };
  }

  async revokeBadge(adminId: string, userId: string, badge: Badge, reason: string | null) {
    const result = await this.bus.run(userStream(userId), profileDecider, { type: 'revokeBadge', badge, revokedBy: adminId, reason }, { actorId: adminId });
    return { position: result.position };
  }

  /** The saved profile in clear, for the reply (one key lookup). */
  private async openProfile(userId: string, state: ProfileState): Promise<ProfileFields> {
    const profile = state.profile!;
    const [firstName, lastName, ...rest] = await this.vault.revealAll(userId, [
      profile.firstName,
      profile.lastName,
      ...OPTIONAL_PROFILE_FIELDS.map((field) => profile[field]),
    ]);
    const optional = Object.fromEntries(OPTIONAL_PROFILE_FIELDS.map((field, index) => [field, rest[index] ?? null])) as Record<
      (typeof OPTIONAL_PROFILE_FIELDS)[number],
      string | null
    >;
    return { firstName: firstName ?? null, lastName: lastName ?? null, ...optional, profileImageUrl: state.profileImageUrl };
  }
}
