import { DELETED_MEMBER, UNNAMED_MEMBER, type MailLanguage, type NotificationOutcome, type NotificationType } from '@civitas/events';

/** One notification as a mail tells it: names already shown as the app shows them, never an address. */
export interface MailLine {
  type: NotificationType;
  /** The app's page it opens (a path on PUBLIC_BASE_URL). */
  path: string;
  group: string | null;
  topic: string | null;
  /** The person it names (personName), or null. */
  actor: string | null;
  outcome: NotificationOutcome | null;
  /** A mention's message, shortened; null once hidden. */
  excerpt: string | null;
}

export type DigestPeriod = 'daily' | 'weekly';

export interface MailTexts {
  /** The direction of the HTML body. */
  dir: 'ltr' | 'rtl';
  /** A section of a digest, and what an unsubscribe link turns off. */
  label: Record<NotificationType, string>;
  sentence(line: MailLine): string;
  digestSubject(period: DigestPeriod, count: number): string;
  digestIntro(period: DigestPeriod): string;
  more(count: number): string;
  open: string;
  openAll: string;
  settings: string;
  stop(label: string): string;
  stopAll: string;
  why: string;
}

const quoteEn = (text: string | null, fallback: string) => (text === null ? fallback : `“${text}”`);
const quoteAr = (text: string | null, fallback: string) => (text === null ? fallback : `«${text}»`);
/** The names personName gives that are words of ours, not a member's. */
const arabicName = (name: string | null) => (name === DELETED_MEMBER ? 'عضو محذوف' : name === UNNAMED_MEMBER || name === null ? 'أحد الأعضاء' : name);

function english(line: MailLine): string {
  const group = line.group ?? 'a group';
  const topic = quoteEn(line.topic, 'a topic');
  const actor = line.actor ?? UNNAMED_MEMBER;
  switch (line.type) {
    case 'topic_opened':
      return `New topic in ${group}: ${topic}`;
    case 'election_opened':
      return `New election in ${group}: ${topic}`;
    case 'closing_soon':
      return `${topic} in ${group} closes within 24 hours, and you have neither voted nor delegated.`;
    case 'election_result':
      return line.actor === null
        ? `The election ${topic} in ${group} closed without a winner.`
        : `The election ${topic} in ${group} was decided: ${actor} won.`;
    case 'elected':
      return `You won the election ${topic} in ${group}.`;
    case 'delegate_voted':
      return `Your delegate ${actor} voted in ${topic} (${group}). You can still vote yourself: your own vote then counts instead.`;
    case 'delegate_ineligible': {
      const why =
        line.outcome === 'left'
          ? `Your delegate ${actor} left ${group}`
          : line.outcome === 'banned'
            ? `Your delegate ${actor} was suspended`
            : `Your delegate's account was deleted`;
      return `${why}: your weight in ${group} no longer follows their vote. Choose another delegate or vote yourself.`;
    }
    case 'mention':
      return line.excerpt === null ? `${actor} mentioned you in ${topic}.` : `${actor} mentioned you in ${topic}: “${line.excerpt}”`;
    case 'verification_reviewed':
      return line.outcome === 'approved'
        ? 'Your nationality verification was approved.'
        : line.outcome === 'rejected'
          ? 'Your nationality verification was rejected; the reason is on your profile.'
          : 'Your nationality verification was reviewed.';
    case 'report_reviewed':
      return line.outcome === 'resolved'
        ? 'Your report was reviewed and resolved.'
        : line.outcome === 'under_review'
          ? 'Your report is being reviewed.'
          : 'Your report was reviewed.';
    case 'invitation_accepted':
      return `${actor} accepted your invitation to ${group}.`;
    case 'subscription':
      return line.outcome === 'payment_failed'
        ? 'A payment for your subscription failed. Check your payment details to keep it.'
        : line.outcome === 'ended'
          ? 'Your subscription ended.'
          : 'Your subscription was renewed.';
  }
}

function arabic(line: MailLine): string {
  const group = line.group ?? 'مجموعة';
  const topic = quoteAr(line.topic, 'موضوع');
  const actor = arabicName(line.actor);
  switch (line.type) {
    case 'topic_opened':
      return `موضوع جديد في ${group}: ${topic}`;
    case 'election_opened':
      return `انتخابات جديدة في ${group}: ${topic}`;
    case 'closing_soon':
      return `يُغلق ${topic} في ${group} خلال 24 ساعة، ولم تصوّت ولم تفوّض أحدًا بعد.`;
    case 'election_result':
      return line.actor === null ? `أُغلقت الانتخابات ${topic} في ${group} دون فائز.` : `حُسمت الانتخابات ${topic} في ${group}: فاز ${actor}.`;
    case 'elected':
      return `فزت في الانتخابات ${topic} في ${group}.`;
    case 'delegate_voted':
      return `صوّت مفوَّضك ${actor} في ${topic} (${group}). ما زال بإمكانك أن تصوّت بنفسك، فيُحتسب صوتك بدلًا من صوته.`;
    case 'delegate_ineligible': {
      const why = line.outcome === 'left' ? `غادر مفوَّضك ${actor} ${group}` : line.outcome === 'banned' ? `عُلّق حساب مفوَّضك ${actor}` : 'حُذف حساب مفوَّضك';
      return `${why}، فلم يعد وزنك في ${group} يتبع صوته. اختر مفوَّضًا آخر أو صوّت بنفسك.`;
    }
    case 'mention':
      return line.excerpt === null ? `أشار إليك ${actor} في ${topic}.` : `أشار إليك ${actor} في ${topic}: «${line.excerpt}»`;
    case 'verification_reviewed':
      return line.outcome === 'approved'
        ? 'قُبل طلب التحقق من جنسيتك.'
        : line.outcome === 'rejected'
          ? 'رُفض طلب التحقق من جنسيتك، والسبب مذكور في ملفك الشخصي.'
          : 'رُوجع طلب التحقق من جنسيتك.';
    case 'report_reviewed':
      return line.outcome === 'resolved' ? 'رُوجع بلاغك وحُسم أمره.' : line.outcome === 'under_review' ? 'بلاغك قيد المراجعة.' : 'رُوجع بلاغك.';
    case 'invitation_accepted':
      return `قبل ${actor} دعوتك إلى ${group}.`;
    case 'subscription':
      return line.outcome === 'payment_failed'
        ? 'تعذّر دفع اشتراكك. راجع بيانات الدفع لتحافظ عليه.'
        : line.outcome === 'ended'
          ? 'انتهى اشتراكك.'
          : 'جُدّد اشتراكك.';
  }
}

/** Arabic's plural forms (CLDR, as the app's texts use them): one, two, few (3 to 10), many (11 to 99), other (100, 101, …). */
function arabicCount(count: number, forms: { one: string; two: string; few: string; many: string; other: string }): string {
  const rest = count % 100;
  if (count === 1) return forms.one;
  if (count === 2) return forms.two;
  return `${count} ${rest >= 3 && rest <= 10 ? forms.few : rest >= 11 ? forms.many : forms.other}`;
}

/** What the mails say, in each language a member may choose (docs/decisions.md, Notification mail). */
export const MAIL_TEXTS: Record<MailLanguage, MailTexts> = {
  en: {
    dir: 'ltr',
    label: {
      topic_opened: 'New topics',
      election_opened: 'New elections',
      closing_soon: 'Closing soon',
      election_result: 'Election results',
      elected: 'Elections you won',
      delegate_voted: 'Your delegate voted',
      delegate_ineligible: 'Your delegate can no longer vote for you',
      mention: 'Mentions',
      verification_reviewed: 'Verification reviews',
      report_reviewed: 'Report reviews',
      invitation_accepted: 'Accepted invitations',
      subscription: 'Your subscription',
    },
    sentence: english,
    digestSubject: (period, count) => `Your ${period} Civitas digest: ${count === 1 ? '1 notification' : `${count} notifications`}`,
    digestIntro: (period) =>
      period === 'daily' ? 'What happened on Civitas since your last daily digest:' : 'What happened on Civitas since your last weekly digest:',
    more: (count) => `…and ${count} more in Civitas.`,
    open: 'Open',
    openAll: 'See all your notifications',
    settings: 'Choose how each kind of notification reaches you',
    stop: (label) => `Stop e-mails about "${label}"`,
    stopAll: 'Unsubscribe from these e-mails',
    why: 'You get this e-mail because of your notification settings on Civitas.',
  },
  ar: {
    dir: 'rtl',
    label: {
      topic_opened: 'المواضيع الجديدة',
      election_opened: 'الانتخابات الجديدة',
      closing_soon: 'ما يُغلق قريبًا',
      election_result: 'نتائج الانتخابات',
      elected: 'الانتخابات التي فزت فيها',
      delegate_voted: 'تصويت مفوَّضك',
      delegate_ineligible: 'مفوَّضك لم يعد يصوّت عنك',
      mention: 'الإشارات إليك',
      verification_reviewed: 'مراجعات التحقق',
      report_reviewed: 'مراجعات البلاغات',
      invitation_accepted: 'الدعوات المقبولة',
      subscription: 'اشتراكك',
    },
    sentence: arabic,
    digestSubject: (period, count) =>
      `${period === 'daily' ? 'ملخصك اليومي' : 'ملخصك الأسبوعي'} من Civitas: ${arabicCount(count, { one: 'إشعار واحد', two: 'إشعاران', few: 'إشعارات', many: 'إشعارًا', other: 'إشعار' })}`,
    digestIntro: (period) => (period === 'daily' ? 'ما جرى في Civitas منذ ملخصك اليومي الأخير:' : 'ما جرى في Civitas منذ ملخصك الأسبوعي الأخير:'),
    more: (count) =>
      `…و${arabicCount(count, { one: 'إشعار آخر', two: 'إشعاران آخران', few: 'إشعارات أخرى', many: 'إشعارًا آخر', other: 'إشعار آخر' })} في Civitas.`,
    open: 'فتح',
    openAll: 'عرض كل إشعاراتك',
    settings: 'اختر كيف يصلك كل نوع من الإشعارات',
    stop: (label) => `أوقف رسائل «${label}»`,
    stopAll: 'إلغاء الاشتراك في هذه الرسائل',
    why: 'تصلك هذه الرسالة بحسب إعدادات الإشعارات في حسابك على Civitas.',
  },
};
