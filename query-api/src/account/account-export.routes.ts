import { DEFAULT_NOTIFICATION_PREFERENCES, ServiceUnavailableError, shownGroupName } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { iso } from '../lib/iso';
import { shownFirstName } from '../lib/person-names';
import { openRankedOpinionCounts } from '../lib/ranked-opinions';
import type { QueryContext } from '../lib/viewer';
import { AccountExport } from './account-export.schema';

/** Every read model the export reads: the read waits until each has the member's last write. */
const EXPORT_READ_MODELS = [
  'users',
  'participation',
  'profiles',
  'notification_preferences',
  'subscription_payments',
  'user_verifications',
  'groups',
  'topics',
  'opinions',
  'delegation',
  'elections',
  'chat',
  'invitations',
  'feedback',
  'leader_reports',
] as const;

const isoOf = (date: Date) => date.toISOString();

/**
 * GET /api/user/export: a JSON download of everything the platform holds about the signed-in
 * member. It has no parameter: the session says whose data it is, so no one can ask for another's.
 */
export function accountExportRoutes(app: ZodRoutes, { readModels, auth, now }: QueryContext): void {
  app.get(
    '/api/user/export',
    {
      config: { access: 'member', readModels: [...EXPORT_READ_MODELS] },
      schema: { tags: ['account'], summary: 'Download everything the platform holds about me (JSON)' },
    },
    async (request, reply) => {
      const userId = memberOf(request);
      // Resolved already by the route policy (cached per request): the session listed as the current one.
      const session = (await auth.current(request))!;
      const [
        user,
        stats,
        badges,
        preferences,
        payments,
        verifications,
        groups,
        topics,
        opinions,
        votes,
        given,
        received,
        candidacies,
        ballots,
        rankedBallots,
        chat,
        invitations,
        reports,
        suggestions,
        leaderReports,
        sessions,
      ] = await Promise.all([
        readModels.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
        readModels.selectFrom('member_stats').selectAll().where('user_id', '=', userId).executeTakeFirst(),
        readModels.selectFrom('user_badges').select(['badge', 'granted_at']).where('user_id', '=', userId).orderBy('granted_at').execute(),
        readModels.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst(),
        readModels.selectFrom('subscription_payments').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
        readModels.selectFrom('user_verifications').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
        readModels
          .selectFrom('group_members as m')
          .innerJoin('groups as g', 'g.id', 'm.group_id')
          .leftJoin('users as owner', 'owner.id', 'g.owner_id')
          .select([
            'm.group_id',
            'm.role',
            'm.is_leader',
            'm.status',
            'm.joined_at',
            'm.removed_at',
            'g.name',
            'g.department',
            shownFirstName('owner', 'owner_first_name'),
          ])
          .where('m.user_id', '=', userId)
          .orderBy('m.joined_at')
          .orderBy('m.group_id')
          .execute(),
        readModels.selectFrom('topics').selectAll().where('created_by', '=', userId).orderBy('created_at').orderBy('created_position').execute(),
        readModels.selectFrom('opinions').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('posted_position').execute(),
        readModels.selectFrom('votes').selectAll().where('user_id', '=', userId).orderBy('cast_at').orderBy('opinion_id').execute(),
        readModels.selectFrom('delegations').selectAll().where('delegator_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
        readModels.selectFrom('delegations').selectAll().where('delegate_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
        readModels.selectFrom('candidates').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
        readModels.selectFrom('ballots').selectAll().where('user_id', '=', userId).orderBy('cast_at').execute(),
        readModels.selectFrom('preference_ballots').selectAll().where('user_id', '=', userId).orderBy('cast_at').orderBy('topic_id').execute(),
        readModels.selectFrom('chat_messages').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('position').execute(),
        readModels.selectFrom('invitations').selectAll().where('invited_by', '=', userId).orderBy('created_at').execute(),
        readModels.selectFrom('reports').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
        readModels.selectFrom('suggestions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
        readModels.selectFrom('leader_reports').selectAll().where('reporter_id', '=', userId).orderBy('created_at').execute(),
        auth.sessions.listForUser(userId, session.token),
      ]);
      // A session exists only after its account's events: the read model is just behind.
      if (!user) throw new ServiceUnavailableError('The data is still being updated; please retry shortly.', 1);
      // The member's opinions on an open law decided among its opinions count its ranked ballots, as the opinions read does.
      const ranked = await openRankedOpinionCounts(
        readModels,
        opinions.map((row) => row.topic_id),
      );

      const exported = AccountExport.parse({
        exportedAt: isoOf(now()),
        profile: {
          id: user.id,
          email: user.email,
          emailVerified: user.email_verified,
          firstName: user.first_name,
          lastName: user.last_name,
          aboutMe: user.about_me,
          city: user.city,
          websiteUrl: user.website_url,
          twitterUrl: user.twitter_url,
          linkedinUrl: user.linkedin_url,
          githubUrl: user.github_url,
          profileImageUrl: user.profile_image_url,
          roles: user.roles,
          hasPassword: user.has_password,
          isBanned: user.is_banned,
          banReason: user.ban_reason,
          bannedAt: iso(user.banned_at),
          createdAt: isoOf(user.created_at),
          updatedAt: isoOf(user.updated_at),
        },
        participation: {
          topicsCreated: stats?.topics_created ?? 0,
          opinionsPosted: stats?.opinions_posted ?? 0,
          votesCast: stats?.votes_cast ?? 0,
          electionsWon: stats?.elections_won ?? 0,
          participationScore: stats?.participation_score ?? 0,
        },
        badges: badges.map((row) => ({ badge: row.badge, grantedAt: isoOf(row.granted_at) })),
        notificationPreferences: preferences
          ? {
              invitations: preferences.invitations,
              elections: preferences.elections,
              topicActivity: preferences.topic_activity,
              accountSecurity: preferences.account_security,
            }
          : DEFAULT_NOTIFICATION_PREFERENCES,
        subscription: {
          isSubscribed: user.is_subscribed,
          plan: user.subscription_plan,
          status: user.subscription_status,
          startDate: iso(user.subscription_start_date),
          endDate: iso(user.subscription_end_date),
        },
        payments: payments.map((row) => ({
          id: row.id,
          provider: row.provider,
          providerPaymentId: row.provider_payment_id,
          planId: row.plan_id,
          amount: row.amount,
          currency: row.currency,
          status: row.status,
          paymentDate: iso(row.payment_date),
          subscriptionStartDate: iso(row.subscription_start_date),
          subscriptionEndDate: iso(row.subscription_end_date),
          createdAt: isoOf(row.created_at),
        })),
        verifications: verifications.map((row) => ({
          id: row.id,
          country: row.country,
          nationalId: row.national_id,
          verificationType: row.verification_type,
          status: row.status,
          isVerified: row.is_verified,
          confirmedByLeader: row.confirmed_by_leader,
          documentImageUrl: row.document_image_url,
          verifiedAt: iso(row.verified_at),
          reviewedAt: iso(row.reviewed_at),
          rejectionReason: row.rejection_reason,
          createdAt: isoOf(row.created_at),
        })),
        groups: groups.map((row) => ({
          groupId: row.group_id,
          name: shownGroupName(row),
          department: row.department,
          role: row.role,
          isLeader: row.is_leader,
          status: row.status,
          joinedAt: isoOf(row.joined_at),
          removedAt: iso(row.removed_at),
        })),
        topics: topics.map((row) => ({
          id: row.id,
          groupId: row.group_id,
          title: row.title,
          description: row.description,
          type: row.type,
          status: row.status,
          createdAt: isoOf(row.created_at),
          expiresAt: isoOf(row.expires_at),
          closedAt: iso(row.closed_at),
        })),
        opinions: opinions.map((row) => ({
          id: row.id,
          topicId: row.topic_id,
          groupId: row.group_id,
          content: row.content,
          supportCount: ranked.get(row.id)?.supportCount ?? row.support_count,
          opposeCount: ranked.get(row.id)?.opposeCount ?? row.oppose_count,
          createdAt: isoOf(row.created_at),
        })),
        votes: votes.map((row) => ({
          opinionId: row.opinion_id,
          topicId: row.topic_id,
          groupId: row.group_id,
          voteType: row.vote_type,
          castAt: isoOf(row.cast_at),
        })),
        delegations: {
          given: given.map((row) => ({
            id: row.id,
            groupId: row.group_id,
            delegateId: row.delegate_id,
            isActive: row.is_active,
            createdAt: isoOf(row.created_at),
            updatedAt: isoOf(row.updated_at),
          })),
          received: received.map((row) => ({
            id: row.id,
            groupId: row.group_id,
            delegatorId: row.delegator_id,
            isActive: row.is_active,
            createdAt: isoOf(row.created_at),
            updatedAt: isoOf(row.updated_at),
          })),
        },
        candidacies: candidacies.map((row) => ({
          id: row.id,
          topicId: row.topic_id,
          groupId: row.group_id,
          statement: row.statement,
          createdAt: isoOf(row.created_at),
        })),
        ballots: ballots.map((row) => ({ topicId: row.topic_id, candidateId: row.candidate_id, castAt: isoOf(row.cast_at) })),
        rankedBallots: rankedBallots.map((row) => ({ topicId: row.topic_id, ranking: row.ranking, castAt: isoOf(row.cast_at) })),
        chatMessages: chat.map((row) => ({ id: row.id, topicId: row.topic_id, groupId: row.group_id, message: row.message, createdAt: isoOf(row.created_at) })),
        invitationsSent: invitations.map((row) => ({
          id: row.id,
          kind: row.kind,
          groupId: row.group_id,
          email: row.email,
          status: row.status,
          createdAt: isoOf(row.created_at),
          expiresAt: isoOf(row.expires_at),
          acceptedAt: iso(row.accepted_at),
        })),
        reports: reports.map((row) => ({
          id: row.id,
          type: row.type,
          content: row.content,
          targetType: row.target_type,
          targetId: row.target_id,
          status: row.status,
          createdAt: isoOf(row.created_at),
        })),
        suggestions: suggestions.map((row) => ({
          id: row.id,
          type: row.type,
          content: row.content,
          status: row.status,
          priority: row.priority,
          createdAt: isoOf(row.created_at),
        })),
        leaderReports: leaderReports.map((row) => ({
          id: row.id,
          reportedUserId: row.reported_user_id,
          groupId: row.group_id,
          reason: row.reason,
          description: row.description,
          evidence: row.evidence,
          status: row.status,
          createdAt: isoOf(row.created_at),
        })),
        sessions: sessions.map((row) => ({
          createdAt: row.createdAt,
          lastSeenAt: row.lastSeenAt,
          expiresAt: isoOf(row.expiresAt),
          current: row.current,
          device: row.device ?? null,
        })),
      });
      return (
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="civitas-export-${exported.exportedAt.slice(0, 10)}.json"`)
          // Personal data: no cache (the browser's or a proxy's) keeps a copy.
          .header('cache-control', 'no-store')
          .send(JSON.stringify(exported, null, 2))
      );
    },
  );
}
