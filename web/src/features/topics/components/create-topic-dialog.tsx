import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'wouter';
import { TOPIC_MAX_DAYS, TOPIC_MIN_DAYS, TOPIC_SUBSCRIPTION_REQUIRED, type TopicType } from '@civitas/events/topics/topic-rules';
import { i18n } from '../../../i18n';
import { toastCommandError } from '../../../lib/command-error-toast';
import { serverMessage } from '../../../lib/server-message';
import { toast } from '../../../lib/toast-store';
import type { Group } from '../../../lib/api/group';
import { withoutError, type FieldErrors } from '../../../lib/field-errors';
import { useCreateTopic } from '../api/create-topic';
import { canCreateTopicIn, creatableTopicTypes, typesAwaitingSubscription, type TopicCreator } from './topic-access';
import { TopicCreationNotice } from './topic-creation-notice';
import { TOPIC_TYPE_KEYS } from '../../../lib/topic-type-keys';
import { decidesALaw, initialTopicForm, validateTopicForm, withGroup, withType, type TopicField, type TopicForm } from './create-topic-form-state';
import { rememberReturnAfterSubscribe } from '../../../lib/return-after-sign-in';
import { ElectionMethodChoice, LawMethodChoice } from '../../../components/election-method-choice';

interface CreateTopicDialogProps {
  open: boolean;
  onClose: () => void;
  /** Where the topic may go; only those where this member can create some type are offered. One shows no picker. */
  groups: Group[];
  member: TopicCreator;
}

interface CreateTopicFormProps extends Omit<CreateTopicDialogProps, 'open'> {
  firstGroup: Group;
}

/** The toast of docs/product.md, Rules, when the server still refuses for want of a subscription (it lapsed meanwhile). */
function toastCreationError(error: unknown) {
  if (serverMessage(error) === TOPIC_SUBSCRIPTION_REQUIRED) {
    toast({
      title: i18n.t('topics:create.subscriptionRequired'),
      description: i18n.t('topics:create.subscriptionRequiredDescription'),
      variant: 'destructive',
    });
    return;
  }
  toastCommandError(error, i18n.t('topics:create.failed'));
}

function CreateTopicForm({ groups, firstGroup, member, onClose }: CreateTopicFormProps) {
  const { t } = useTranslation(['topics', 'common']);
  const [form, setForm] = useState<TopicForm>(() => initialTopicForm(firstGroup, creatableTopicTypes(firstGroup, member)));
  const [errors, setErrors] = useState<FieldErrors<TopicField>>({});
  const creation = useCreateTopic();
  const [location, navigate] = useLocation();
  const group = groups.find((candidate) => candidate.id === form.groupId) ?? firstGroup;
  const types = creatableTopicTypes(group, member);
  const heldBack = typesAwaitingSubscription(group, member).length > 0;

  const update = (field: TopicField, next: TopicForm) => {
    setForm(next);
    setErrors((current) => withoutError(current, field));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateTopicForm(form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    creation.mutate(result.body, {
      onSuccess: ({ topic }) => {
        toast({ title: t('create.created') });
        onClose();
        navigate(`/topic/${topic.id}`);
      },
      onError: toastCreationError,
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {groups.length > 1 && (
            <TextField
              select
              label={t('create.group')}
              value={String(form.groupId)}
              onChange={(event) => {
                const chosen = groups.find((candidate) => String(candidate.id) === event.target.value);
                if (chosen) update('groupId', withGroup(form, chosen, creatableTopicTypes(chosen, member)));
              }}
              slotProps={{ select: { native: true } }}
              error={errors.groupId !== undefined}
              helperText={errors.groupId}
              fullWidth
            >
              {groups.map((candidate) => (
                <option key={candidate.id} value={candidate.id} dir="auto">
                  {candidate.name}
                </option>
              ))}
            </TextField>
          )}
          <TextField
            label={t('create.titleLabel')}
            name="title"
            required
            value={form.title}
            onChange={(event) => update('title', { ...form, title: event.target.value })}
            error={errors.title !== undefined}
            helperText={errors.title}
            fullWidth
          />
          <TextField
            label={t('create.description')}
            name="description"
            required
            multiline
            minRows={4}
            value={form.description}
            onChange={(event) => update('description', { ...form, description: event.target.value })}
            error={errors.description !== undefined}
            helperText={errors.description}
            fullWidth
          />
          <TextField
            select
            label={t('create.type')}
            value={form.type}
            onChange={(event) => update('type', withType(form, event.target.value as TopicType))}
            slotProps={{ select: { native: true } }}
            error={errors.type !== undefined}
            helperText={errors.type}
            fullWidth
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {t(TOPIC_TYPE_KEYS[type])}
              </option>
            ))}
          </TextField>
          {form.type === 'election' && (
            <ElectionMethodChoice value={form.method} onChange={(method) => setForm({ ...form, method })} disabled={creation.isPending} />
          )}
          {decidesALaw(form.type) && (
            <LawMethodChoice value={form.lawMethod} onChange={(lawMethod) => setForm({ ...form, lawMethod })} disabled={creation.isPending} />
          )}
          {heldBack && (
            // Only the types this member can create are offered; the others are named, with the way to them.
            <Typography variant="body2" color="text.secondary">
              {t('notice.lawTypesNeedSubscription')}{' '}
              <Link component={RouterLink} href="/subscribe" onClick={() => rememberReturnAfterSubscribe(location)}>
                {t('create.subscribe')}
              </Link>
            </Typography>
          )}
          <TextField
            label={t('create.duration')}
            name="expiresInDays"
            type="number"
            value={form.days}
            onChange={(event) => update('expiresInDays', { ...form, days: event.target.value, daysChosen: true })}
            slotProps={{ htmlInput: { min: TOPIC_MIN_DAYS, max: TOPIC_MAX_DAYS, step: 1 } }}
            error={errors.expiresInDays !== undefined}
            helperText={errors.expiresInDays ?? t('create.durationHint', { min: TOPIC_MIN_DAYS, max: TOPIC_MAX_DAYS })}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={creation.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={creation.isPending}>
          {creation.isPending ? t('create.creating') : t('create.submit')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** No group takes a topic from this member: why, and the way there. */
function NoTopicGroup({ member, onClose }: { member: TopicCreator; onClose: () => void }) {
  const { t } = useTranslation(['topics', 'common']);
  return (
    <>
      <DialogContent>
        <TopicCreationNotice block={member.isBanned ? 'suspended' : 'needs_subscription'} banReason={member.banReason} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </>
  );
}

/**
 * Create topic (docs/product.md, Screens): title, description, type (an election's counting method,
 * or how a law amendment or dispute resolution is decided, issue #34), and how many days it runs.
 */
export function CreateTopicDialog({ open, onClose, groups, member }: CreateTopicDialogProps) {
  const { t } = useTranslation('topics');
  const titleId = useId();
  const usable = groups.filter((group) => canCreateTopicIn(group, member));
  const firstGroup = usable[0];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('create.title')}</DialogTitle>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {open &&
        (firstGroup ? (
          <CreateTopicForm groups={usable} firstGroup={firstGroup} member={member} onClose={onClose} />
        ) : (
          <NoTopicGroup member={member} onClose={onClose} />
        ))}
    </Dialog>
  );
}
