import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useLocation } from 'wouter';
import {
  TOPIC_MAX_DAYS,
  TOPIC_MIN_DAYS,
  TOPIC_TYPE_LABELS,
  topicTypesFor,
  typeNeedsSubscription,
  type TopicType,
} from '@civitas/events/topics/topic-rules';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import type { Group } from '../../../lib/api/group';
import { withoutError, type FieldErrors } from '../../../lib/field-errors';
import { useCreateTopic } from '../api/create-topic';
import {
  initialTopicForm,
  validateTopicForm,
  withGroup,
  withType,
  type TopicField,
  type TopicForm,
} from './create-topic-form-state';

const SUBSCRIPTION_REQUIRED_DESCRIPTION =
  'You need a Civic Participation subscription to create law amendments and dispute resolutions.';

interface CreateTopicDialogProps {
  open: boolean;
  onClose: () => void;
  /** Where the topic may go: groups the member may participate in. One group shows no picker. */
  groups: Group[];
  isSubscribed: boolean;
}

interface CreateTopicFormProps extends Omit<CreateTopicDialogProps, 'open'> {
  firstGroup: Group;
}

function CreateTopicForm({ groups, firstGroup, isSubscribed, onClose }: CreateTopicFormProps) {
  const [form, setForm] = useState<TopicForm>(() => initialTopicForm(firstGroup));
  const [errors, setErrors] = useState<FieldErrors<TopicField>>({});
  const creation = useCreateTopic();
  const [, navigate] = useLocation();
  const group = groups.find((candidate) => candidate.id === form.groupId) ?? firstGroup;
  const subscriptionMissing = typeNeedsSubscription(form.type) && !isSubscribed;

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
    // Spec section 5: the client says so before sending; the server refuses it anyway.
    if (subscriptionMissing) {
      toast({ title: 'Subscription Required', description: SUBSCRIPTION_REQUIRED_DESCRIPTION, variant: 'destructive' });
      return;
    }
    creation.mutate(result.body, {
      onSuccess: ({ topic }) => {
        toast({ title: 'Topic created successfully!' });
        onClose();
        navigate(`/topic/${topic.id}`);
      },
      onError: (error) => toastCommandError(error, 'Failed to create topic. Please try again.'),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {groups.length > 1 && (
            <TextField
              select
              label="Group"
              value={String(form.groupId)}
              onChange={(event) => {
                const chosen = groups.find((candidate) => String(candidate.id) === event.target.value);
                if (chosen) update('groupId', withGroup(form, chosen));
              }}
              slotProps={{ select: { native: true } }}
              error={errors.groupId !== undefined}
              helperText={errors.groupId}
              fullWidth
            >
              {groups.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </TextField>
          )}
          <TextField
            label="Title"
            name="title"
            required
            value={form.title}
            onChange={(event) => update('title', { ...form, title: event.target.value })}
            error={errors.title !== undefined}
            helperText={errors.title}
            fullWidth
          />
          <TextField
            label="Description"
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
            label="Type"
            value={form.type}
            onChange={(event) => update('type', withType(form, event.target.value as TopicType))}
            slotProps={{ select: { native: true } }}
            error={errors.type !== undefined}
            helperText={
              errors.type ??
              (subscriptionMissing ? 'Law amendments and dispute resolutions need a Civic Participation subscription.' : undefined)
            }
            fullWidth
          >
            {topicTypesFor(group.department).map((type) => (
              <option key={type} value={type}>
                {TOPIC_TYPE_LABELS[type]}
              </option>
            ))}
          </TextField>
          <TextField
            label="Duration (days)"
            name="expiresInDays"
            type="number"
            value={form.days}
            onChange={(event) => update('expiresInDays', { ...form, days: event.target.value, daysChosen: true })}
            slotProps={{ htmlInput: { min: TOPIC_MIN_DAYS, max: TOPIC_MAX_DAYS, step: 1 } }}
            error={errors.expiresInDays !== undefined}
            helperText={errors.expiresInDays ?? `From ${TOPIC_MIN_DAYS} to ${TOPIC_MAX_DAYS} days.`}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={creation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={creation.isPending}>
          {creation.isPending ? 'Creating...' : 'Create Topic'}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Create topic (spec section 2): title, description, type, and how many days it runs. */
export function CreateTopicDialog({ open, onClose, groups, isSubscribed }: CreateTopicDialogProps) {
  const titleId = useId();
  const firstGroup = groups[0];
  return (
    <Dialog open={open && firstGroup !== undefined} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Create New Topic</DialogTitle>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {open && firstGroup && (
        <CreateTopicForm groups={groups} firstGroup={firstGroup} isSubscribed={isSubscribed} onClose={onClose} />
      )}
    </Dialog>
  );
}
