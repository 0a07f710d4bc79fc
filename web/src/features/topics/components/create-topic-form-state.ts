import { defaultTopicDays, TOPIC_MAX_DAYS, TOPIC_MIN_DAYS, type TopicType } from '@civitas/events/topics/topic-rules';
import { TOPIC_DAYS_RANGE } from '@civitas/events/topics/topic.contract';
import { DEFAULT_ELECTION_METHOD, DEFAULT_LAW_METHOD, type ElectionMethod, type LawMethod } from '../../../lib/election-methods';
import type { Group } from '../../../lib/api/group';
import { fieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { CreateTopicBody } from '../api/create-topic';

export type TopicField = 'title' | 'description' | 'type' | 'groupId' | 'expiresInDays';

export interface TopicForm {
  groupId: number;
  title: string;
  description: string;
  type: TopicType;
  /** As typed; checked on submit. */
  days: string;
  /** Once the member picks a type, another group keeps it where that group offers it. */
  typeChosen: boolean;
  /** Once the member sets the duration, a change of type no longer resets it to the type's default. */
  daysChosen: boolean;
  /** How an election is counted (issue #34); sent only with the election type. */
  method: ElectionMethod;
  /** How a law amendment or dispute resolution is decided (issue #34 item 2); 'schulze' is sent only with those types. */
  lawMethod: LawMethod;
}

/** The types a law method applies to: the ones that enact a law. */
export const decidesALaw = (type: TopicType) => type === 'law_amendment' || type === 'dispute_resolution';

/** What the form sends as `method`: an election's always, a law's only when ranked (absent is support and oppose). */
function methodToSend(form: TopicForm): ElectionMethod | undefined {
  if (form.type === 'election') return form.method;
  if (decidesALaw(form.type) && form.lawMethod === 'schulze') return 'schulze';
  return undefined;
}

/**
 * `types`: what the member can create in the group, the department's own first (topic-access.ts),
 * so the first is the department's default whenever the member can create it.
 */
export function initialTopicForm(group: Group, types: readonly TopicType[]): TopicForm {
  const type = types[0] ?? 'law_amendment';
  return {
    groupId: group.id,
    title: '',
    description: '',
    type,
    days: String(defaultTopicDays(type)),
    typeChosen: false,
    daysChosen: false,
    method: DEFAULT_ELECTION_METHOD,
    lawMethod: DEFAULT_LAW_METHOD,
  };
}

/** Another group: its first type, unless the member picked one this group offers them too. */
export function withGroup(form: TopicForm, group: Group, types: readonly TopicType[]): TopicForm {
  const keep = form.typeChosen && types.includes(form.type);
  return applyType({ ...form, groupId: group.id }, keep ? form.type : (types[0] ?? form.type));
}

/** The member picks a type. */
export function withType(form: TopicForm, type: TopicType): TopicForm {
  return applyType({ ...form, typeChosen: true }, type);
}

function applyType(form: TopicForm, type: TopicType): TopicForm {
  return { ...form, type, days: form.daysChosen ? form.days : String(defaultTopicDays(type)) };
}

export type TopicFormResult = { ok: true; body: CreateTopicBody } | { ok: false; errors: FieldErrors<TopicField> };

/** The contract's rules, so the texts match the server's ('Title must be at least 5 characters', ...). */
export function validateTopicForm(form: TopicForm): TopicFormResult {
  const days = /^\d+$/.test(form.days.trim()) ? Number(form.days) : Number.NaN;
  const daysError = Number.isInteger(days) && days >= TOPIC_MIN_DAYS && days <= TOPIC_MAX_DAYS ? null : TOPIC_DAYS_RANGE;
  const method = methodToSend(form);
  const parsed = CreateTopicBody.safeParse({
    title: form.title,
    description: form.description,
    type: form.type,
    groupId: form.groupId,
    expiresInDays: daysError ? undefined : days,
    // The server refuses a method on a discussion, and any but 'schulze' on a law type.
    ...(method ? { method } : {}),
  });
  const errors: FieldErrors<TopicField> = parsed.success ? {} : fieldErrors<TopicField>(parsed.error);
  if (daysError) errors.expiresInDays = daysError;
  if (parsed.success && !daysError) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}
