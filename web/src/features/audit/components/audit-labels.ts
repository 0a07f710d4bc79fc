import type { AuditEntryView, AuditKind, AuditSubjectType } from '@civitas/events/audit/audit.contract';
import { i18n } from '../../../i18n';

// Texts of the 'audit' namespace, read at the moment of use (the interface language may change).
const translate = i18n.t as (key: string, values?: Record<string, unknown>) => string;

/** 'leader_report.filed' -> 'leaderReportFiled': the API's names as text keys (no '.' in keys). */
export const textKeyOf = (value: string) => value.replace(/[._](\w)/g, (_, letter: string) => letter.toUpperCase());

export const kindLabel = (kind: AuditKind) => translate(`audit:kinds.${textKeyOf(kind)}`);
export const subjectLabel = (subjectType: AuditSubjectType) => translate(`audit:subjects.${textKeyOf(subjectType)}`);

/** Who decided: a member by name, else what decided in their place (nothing is left unnamed). */
export function actorName(entry: Pick<AuditEntryView, 'actor' | 'kind'>): string {
  if (entry.actor) return entry.actor.name;
  if (entry.kind === 'role.granted' || entry.kind === 'role.revoked') return translate('audit:actors.adminEmails');
  if (entry.kind === 'verification.approved') return translate('audit:actors.automatic');
  return translate('audit:actors.platform');
}

/** The stored decision as words: statuses and types are written with underscores. */
export const decisionText = (decision: string) => decision.replaceAll('_', ' ');

/** "Verification of Reem Haddad", "Member: Reem Haddad", or the kind of item alone when no member is known. */
export function subjectText(entry: Pick<AuditEntryView, 'subjectType' | 'subject'>): string {
  if (entry.subjectType === 'member') return translate('audit:subject.member', { name: entry.subject?.name ?? translate('audit:subject.unknown') });
  const subject = subjectLabel(entry.subjectType);
  return entry.subject ? translate('audit:subject.concerning', { subject, name: entry.subject.name }) : subject;
}
