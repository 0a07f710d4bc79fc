import {
  ForbiddenError,
  GROUP_NOT_FOUND,
  NotFoundError,
  groupStream,
  groupView,
  hasAccessAt,
  hasMembers,
  isPersonalDepartment,
  participationRefusal,
  personView,
  subscriptionView,
  userStream,
  verificationView,
  verifiedCountryKeys,
  type CatalogueGroup,
  type GroupState,
  type DomainEvent,
  type PersonEvent,
  type PersonState,
  type SubscriptionEvent,
  type SubscriptionState,
  type VerificationEvent,
  type VerificationState,
  type View,
} from '@civitas/events';
import type { CommandBus } from './command-bus';

/** Open groups keep no members: nobody has a membership in them (one empty map, made once). */
const NO_MEMBERS: GroupState['members'] = groupView.initialState().members;

interface AccountState {
  registered: boolean;
  /** The account gave up the address it never proved (EmailAddressForfeited): it has no way in any more. */
  forfeited: boolean;
  subscription: SubscriptionState;
  verification: VerificationState;
  person: PersonState;
}

/**
 * What the member's own stream says about their standing, and how they are named beside what the
 * command writes (one read serves both): from the stream, so never behind their last command.
 */
const accountView: View<DomainEvent, AccountState> = {
  initialState: () => ({
    registered: false,
    forfeited: false,
    subscription: subscriptionView.initialState(),
    verification: verificationView.initialState(),
    person: personView.initialState(),
  }),
  evolve: (state, event) => ({
    // An erased account exists for no one any more: nobody can name it as a delegate or report it.
    registered: event.type === 'AccountErased' ? false : state.registered || event.type === 'UserRegistered',
    forfeited: state.forfeited || event.type === 'EmailAddressForfeited',
    subscription: subscriptionView.evolve(state.subscription, event as SubscriptionEvent),
    verification: verificationView.evolve(state.verification, event as VerificationEvent),
    person: personView.evolve(state.person, event as PersonEvent),
  }),
};

export interface Standing {
  isSubscribed: boolean;
  verifiedCountryKeys: string[];
}

/**
 * Enforces participation eligibility (docs/product.md, Eligibility) for every participation command. The
 * facts come from the member's and the group's streams, so a member who has just verified or
 * subscribed may participate at once; the rule itself is the shared participationRefusal.
 */
export class ParticipationGate {
  // Open groups never change who may take part, so their definitions are read once.
  private readonly openGroups = new Map<number, CatalogueGroup>();

  constructor(private readonly bus: CommandBus) {}

  /**
   * The group if the member may participate in it, with their standing and their sealed names (for
   * People to open); otherwise a 404 or a 403 with the reason.
   */
  async requireParticipant(userId: string, groupId: number): Promise<{ group: CatalogueGroup; standing: Standing; person: PersonState }> {
    const [group, { standing, person }] = await Promise.all([this.group(groupId), this.account(userId)]);
    const refusal = participationRefusal(group.definition, {
      ...standing,
      membership: group.members.get(userId) ?? null,
    });
    if (refusal) throw new ForbiddenError(refusal);
    return { group: group.definition, standing, person };
  }

  /**
   * Whether another member (a delegate) may take part in the group: null when no account has that
   * id, else the refusal (null when they may), whether the account forfeited its address (no way
   * in any more) and their sealed names. The group must exist (404).
   */
  async participationOf(userId: string, groupId: number): Promise<{ refusal: string | null; forfeited: boolean; person: PersonState } | null> {
    const [group, account] = await Promise.all([this.group(groupId), this.account(userId)]);
    if (!account.registered) return null;
    return {
      refusal: participationRefusal(group.definition, { ...account.standing, membership: group.members.get(userId) ?? null }),
      forfeited: account.forfeited,
      person: account.person,
    };
  }

  /**
   * Which of these members may be told of something in the group (a mention): accounts that stand
   * (registered, not erased, not forfeited), and in a personal group only its members (nobody else
   * sees its topics). Each member's own stream is read, and a personal group's, never an open
   * group's members: a mention costs the same in a group of 100,000.
   */
  async mayBeTold(groupId: number, userIds: readonly string[]): Promise<Set<string>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Set();
    const [group, accounts] = await Promise.all([this.group(groupId), Promise.all(ids.map(async (id) => ({ id, ...(await this.account(id)) })))]);
    const membersOnly = isPersonalDepartment(group.definition.department);
    return new Set(
      accounts.filter((account) => account.registered && !account.forfeited && (!membersOnly || group.members.has(account.id))).map(({ id }) => id),
    );
  }

  /** The quorums the group's leaders set (issue #34 item 3), from its stream: an open group's cached definition does not carry them. */
  async quorumsOf(groupId: number): Promise<GroupState['quorums']> {
    const { state } = await this.bus.load(groupStream(groupId), groupView);
    return state.quorums;
  }

  private async account(userId: string): Promise<{ registered: boolean; forfeited: boolean; standing: Standing; person: PersonState }> {
    const { state } = await this.bus.load(userStream(userId), accountView);
    return {
      registered: state.registered,
      forfeited: state.forfeited,
      person: state.person,
      standing: { isSubscribed: hasAccessAt(state.subscription, this.bus.now().toISOString()), verifiedCountryKeys: verifiedCountryKeys(state.verification) },
    };
  }

  private async group(groupId: number): Promise<Pick<GroupState, 'members'> & { definition: CatalogueGroup }> {
    const cached = this.openGroups.get(groupId);
    if (cached) return { definition: cached, members: NO_MEMBERS };
    const { state } = await this.bus.load(groupStream(groupId), groupView);
    if (!state.definition) throw new NotFoundError(GROUP_NOT_FOUND);
    const { department } = state.definition;
    if (!hasMembers(department)) this.openGroups.set(groupId, state.definition);
    return { definition: state.definition, members: state.members };
  }
}
