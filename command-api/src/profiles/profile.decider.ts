import {
  BADGE_ALREADY_HELD,
  BADGE_MEMBER_NOT_FOUND,
  BADGE_NOT_HELD,
  ConflictError,
  GoneError,
  NotFoundError,
  PROFILE_IMAGE_URL_NOT_OWN,
  ValidationError,
  type AccountErased,
  type Badge,
  type BadgeGranted,
  type BadgeRevoked,
  type Decider,
  type ProfileImageChanged,
  type ProfileUpdated,
  type UserRegistered,
} from '@civitas/events';

export const ACCOUNT_ERASED = 'This account was erased.';

type OptionalField = 'aboutMe' | 'city' | 'websiteUrl' | 'twitterUrl' | 'linkedinUrl' | 'githubUrl';
export const OPTIONAL_PROFILE_FIELDS: readonly OptionalField[] = ['aboutMe', 'city', 'websiteUrl', 'twitterUrl', 'linkedinUrl', 'githubUrl'];

/**
 * The member saves their profile. Values arrive sealed with the member's key (the decider never
 * sees or stores a clear name); an optional field left out (undefined) keeps its sealed value, null
 * clears it. `profileImageUrl`: undefined leaves the picture, null removes it, a string must be the
 * current picture (pictures are set only by upload).
 */
export type UpdateProfile = {
  type: 'updateProfile';
  firstName: string;
  lastName: string;
  fields: Partial<Record<OptionalField, string | null>>;
  profileImageUrl: string | null | undefined;
};
export type ChangeProfileImage = { type: 'changeProfileImage'; imageHash: string; profileImageUrl: string };
export type GrantBadge = { type: 'grantBadge'; badge: Badge; grantedBy: string; reason: string | null };
export type RevokeBadge = { type: 'revokeBadge'; badge: Badge; revokedBy: string; reason: string | null };
export type ProfileCommand = UpdateProfile | ChangeProfileImage | GrantBadge | RevokeBadge;

type ProfileStreamEvent = UserRegistered | ProfileUpdated | ProfileImageChanged | BadgeGranted | BadgeRevoked | AccountErased;

export interface ProfileState {
  userId: string | null;
  erased: boolean;
  /** The last saved profile, as sealed in the events (names from the registration until then). */
  profile: ProfileUpdated['data'] | null;
  profileImageUrl: string | null;
  /** The stored picture's hash; null for none or a provider's picture given at sign-up. */
  imageHash: string | null;
  badges: readonly Badge[];
}

const initialState = (): ProfileState => ({ userId: null, erased: false, profile: null, profileImageUrl: null, imageHash: null, badges: [] });

/** `user-{id}`: the profile, its picture and its badges (the account itself is the identity decider's). */
export const profileDecider: Decider<ProfileCommand, ProfileStreamEvent, ProfileState> = {
  initialState,
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, firstName, lastName, profileImageUrl } = event.data;
        return {
          ...state,
          userId,
          profileImageUrl,
          profile: {
            userId,
            firstName: firstName ?? '',
            lastName: lastName ?? '',
            aboutMe: null,
            city: null,
            websiteUrl: null,
            twitterUrl: null,
            linkedinUrl: null,
            githubUrl: null,
          },
        };
      }
      case 'ProfileUpdated':
        return { ...state, profile: event.data };
      case 'ProfileImageChanged':
        return { ...state, profileImageUrl: event.data.profileImageUrl, imageHash: event.data.imageHash };
      case 'BadgeGranted':
        return state.badges.includes(event.data.badge) ? state : { ...state, badges: [...state.badges, event.data.badge] };
      case 'BadgeRevoked':
        return { ...state, badges: state.badges.filter((badge) => badge !== event.data.badge) };
      case 'AccountErased':
        return { ...state, erased: true, profileImageUrl: null, imageHash: null };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (!state.userId) throw new NotFoundError(BADGE_MEMBER_NOT_FOUND);
    if (state.erased) throw new GoneError(ACCOUNT_ERASED);
    const userId = state.userId;
    switch (command.type) {
      case 'updateProfile': {
        const previous = state.profile;
        const kept = (field: OptionalField) => (command.fields[field] !== undefined ? command.fields[field] : (previous?.[field] ?? null));
        const updated: ProfileUpdated = {
          type: 'ProfileUpdated',
          data: {
            userId,
            firstName: command.firstName,
            lastName: command.lastName,
            aboutMe: kept('aboutMe'),
            city: kept('city'),
            websiteUrl: kept('websiteUrl'),
            twitterUrl: kept('twitterUrl'),
            linkedinUrl: kept('linkedinUrl'),
            githubUrl: kept('githubUrl'),
          },
        };
        if (command.profileImageUrl === undefined || command.profileImageUrl === state.profileImageUrl) return [updated];
        if (command.profileImageUrl !== null) throw new ValidationError(PROFILE_IMAGE_URL_NOT_OWN);
        return [updated, { type: 'ProfileImageChanged', data: { userId, imageHash: null, profileImageUrl: null } }];
      }
      case 'changeProfileImage':
        if (command.imageHash === state.imageHash) return [];
        return [{ type: 'ProfileImageChanged', data: { userId, imageHash: command.imageHash, profileImageUrl: command.profileImageUrl } }];
      case 'grantBadge':
        if (state.badges.includes(command.badge)) throw new ConflictError(BADGE_ALREADY_HELD);
        return [{ type: 'BadgeGranted', data: { userId, badge: command.badge, grantedBy: command.grantedBy, reason: command.reason } }];
      case 'revokeBadge':
        if (!state.badges.includes(command.badge)) throw new ConflictError(BADGE_NOT_HELD);
        return [{ type: 'BadgeRevoked', data: { userId, badge: command.badge, revokedBy: command.revokedBy, reason: command.reason } }];
    }
  },
};
