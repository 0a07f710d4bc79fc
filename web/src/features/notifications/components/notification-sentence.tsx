import { Trans, useTranslation } from 'react-i18next';
import { DELETED_MEMBER, personName } from '@civitas/events/person-name';
import { Auto } from '../../../components/bidi';
import { i18n } from '../../../i18n';
import { formatTimeLeft } from '../../../lib/time-left';
import type { NotificationItem } from '../api/get-notifications';

type SentenceKey =
  | 'items.topic_opened'
  | 'items.election_opened.plain'
  | 'items.election_opened.closes'
  | 'items.closing_soon.plain'
  | 'items.closing_soon.closes'
  | 'items.election_result.won'
  | 'items.election_result.noWinner'
  | 'items.elected'
  | 'items.delegate_voted.plain'
  | 'items.delegate_voted.closes'
  | 'items.delegate_ineligible.left'
  | 'items.delegate_ineligible.banned'
  | 'items.delegate_ineligible.erased'
  | 'items.mention'
  | 'items.verification_reviewed.approved'
  | 'items.verification_reviewed.rejected'
  | 'items.verification_reviewed.other'
  | 'items.report_reviewed.resolved'
  | 'items.report_reviewed.rejected'
  | 'items.report_reviewed.under_review'
  | 'items.report_reviewed.other'
  | 'items.invitation_accepted'
  | 'items.subscription.renewed'
  | 'items.subscription.payment_failed'
  | 'items.subscription.ended'
  | 'items.subscription.other';

/** Which sentence tells of the item, and the time left where it closes ('5 hours'), while it is still open. */
export function sentenceOf(item: NotificationItem, now: Date): { key: SentenceKey; time: string | null } {
  const time = item.closesAt ? formatTimeLeft(item.closesAt, now) : null;
  const closing = (plain: SentenceKey, closes: SentenceKey) => ({ key: time ? closes : plain, time });
  const plain = (key: SentenceKey) => ({ key, time: null });
  switch (item.type) {
    case 'topic_opened':
      return plain('items.topic_opened');
    case 'election_opened':
      return closing('items.election_opened.plain', 'items.election_opened.closes');
    case 'closing_soon':
      return closing('items.closing_soon.plain', 'items.closing_soon.closes');
    case 'election_result':
      return plain(item.actor ? 'items.election_result.won' : 'items.election_result.noWinner');
    case 'elected':
      return plain('items.elected');
    case 'delegate_voted':
      return closing('items.delegate_voted.plain', 'items.delegate_voted.closes');
    case 'delegate_ineligible':
      return plain(
        item.outcome === 'banned'
          ? 'items.delegate_ineligible.banned'
          : item.outcome === 'erased'
            ? 'items.delegate_ineligible.erased'
            : 'items.delegate_ineligible.left',
      );
    case 'mention':
      return plain('items.mention');
    case 'verification_reviewed':
      return plain(
        item.outcome === 'approved'
          ? 'items.verification_reviewed.approved'
          : item.outcome === 'rejected'
            ? 'items.verification_reviewed.rejected'
            : 'items.verification_reviewed.other',
      );
    case 'report_reviewed':
      return plain(
        item.outcome === 'resolved' || item.outcome === 'rejected' || item.outcome === 'under_review'
          ? `items.report_reviewed.${item.outcome}`
          : 'items.report_reviewed.other',
      );
    case 'invitation_accepted':
      return plain('items.invitation_accepted');
    case 'subscription':
      return plain(
        item.outcome === 'renewed' || item.outcome === 'payment_failed' || item.outcome === 'ended'
          ? `items.subscription.${item.outcome}`
          : 'items.subscription.other',
      );
  }
}

/**
 * Who the item names, with 'Deleted member' in the interface language: an erased member (the server
 * names them so, in English, as everywhere) and one with no account left (no names at all).
 * 'A member' when the item names no one.
 */
export function actorName(actor: NotificationItem['actor']): string {
  if (!actor) return i18n.t('notifications:aMember');
  const erased = actor.firstName === DELETED_MEMBER && !actor.lastName;
  if (erased || (actor.firstName === null && actor.lastName === null)) return i18n.t('notifications:deletedMember');
  return personName(actor);
}

/** The item as a sentence in the interface language, the names and titles members wrote isolated in it. */
export function NotificationSentence({ item, now }: { item: NotificationItem; now: Date }) {
  // 'topics' words the time left (formatTimeLeft).
  const { t } = useTranslation(['notifications', 'topics']);
  const { key, time } = sentenceOf(item, now);
  return (
    <Trans
      t={t}
      i18nKey={key}
      values={{ time }}
      components={{
        group: <Auto>{item.group?.name ?? t('aGroup')}</Auto>,
        topic: <Auto>{item.topic?.title ?? t('aTopic')}</Auto>,
        name: <Auto>{actorName(item.actor)}</Auto>,
      }}
    />
  );
}
