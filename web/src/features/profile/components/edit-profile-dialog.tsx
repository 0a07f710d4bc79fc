import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_LIMITS, type ProfileFields } from '@civitas/events/profiles/profile.contract';
import { UserAvatar } from '../../../components/user-avatar';
import { fieldErrors, withoutError, type FieldErrors } from '../../../lib/field-errors';
import { toast } from '../../../lib/toast-store';
import { UpdateProfileBody, useUpdateProfile } from '../api/update-profile';
import { useUploadProfileImage } from '../api/upload-profile-image';
import { scaleProfileImage } from './scale-profile-image';

type Field = Exclude<keyof ProfileFields, 'profileImageUrl'>;
type Values = Record<Field, string>;

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

type Label = 'firstName' | 'lastName' | 'city' | 'aboutMe' | 'website' | 'twitter' | 'linkedin' | 'github';

const FIELDS: ReadonlyArray<{ name: Field; label: Label; max: number; required?: boolean; multiline?: boolean; type?: string; placeholder?: string }> = [
  { name: 'firstName', label: 'firstName', max: PROFILE_LIMITS.name, required: true },
  { name: 'lastName', label: 'lastName', max: PROFILE_LIMITS.name, required: true },
  { name: 'city', label: 'city', max: PROFILE_LIMITS.city },
  { name: 'aboutMe', label: 'aboutMe', max: PROFILE_LIMITS.aboutMe, multiline: true },
  { name: 'websiteUrl', label: 'website', max: PROFILE_LIMITS.url, type: 'url', placeholder: 'https://' },
  { name: 'twitterUrl', label: 'twitter', max: PROFILE_LIMITS.url, type: 'url', placeholder: 'https://twitter.com/' },
  { name: 'linkedinUrl', label: 'linkedin', max: PROFILE_LIMITS.url, type: 'url', placeholder: 'https://www.linkedin.com/in/' },
  { name: 'githubUrl', label: 'github', max: PROFILE_LIMITS.url, type: 'url', placeholder: 'https://github.com/' },
];

const valuesOf = (profile: ProfileFields): Values => Object.fromEntries(FIELDS.map(({ name }) => [name, profile[name] ?? ''])) as Values;

interface EditProfileDialogProps {
  open: boolean;
  onClose: () => void;
  profile: ProfileFields & { email?: string | null };
}

function EditProfileForm({ titleId, profile, onClose }: { titleId: string; profile: EditProfileDialogProps['profile']; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const [imageUrl, setImageUrl] = useState<string | null>(profile.profileImageUrl);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const update = useUpdateProfile();
  const upload = useUploadProfileImage();

  const change = (name: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setErrors((current) => withoutError(current, name));
  };

  const chooseImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      toast({ title: t('edit.tooLargeTitle'), description: t('edit.tooLarge'), variant: 'destructive' });
      return;
    }
    if (!ACCEPTED_TYPES.includes(file.type)) {
      toast({ title: t('edit.uploadFailed'), description: t('edit.notAnImage'), variant: 'destructive' });
      return;
    }
    let scaled: Blob;
    try {
      scaled = await scaleProfileImage(file);
    } catch {
      toast({ title: t('edit.uploadFailed'), description: t('edit.unreadable'), variant: 'destructive' });
      return;
    }
    upload.mutate(scaled, { onSuccess: (reply) => setImageUrl(reply.profileImageUrl) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's own rules, so the texts match what the server would answer.
    const body = { ...values, profileImageUrl: imageUrl ?? '' };
    const parsed = UpdateProfileBody.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(body, { onSuccess: onClose });
  };

  const busy = update.isPending || upload.isPending;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <UserAvatar
              user={{
                firstName: values.firstName || profile.firstName,
                lastName: values.lastName || profile.lastName,
                email: profile.email,
                profileImageUrl: imageUrl,
              }}
              size={72}
            />
            <Stack spacing={1}>
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" size="small" onClick={() => fileInput.current?.click()} disabled={busy} aria-describedby={hintId}>
                  {upload.isPending ? t('edit.uploading') : t('edit.upload')}
                </Button>
                {imageUrl && (
                  <Button size="small" color="inherit" onClick={() => setImageUrl(null)} disabled={busy}>
                    {t('edit.remove')}
                  </Button>
                )}
              </Stack>
              <Typography id={hintId} variant="caption" color="text.secondary">
                {t('edit.imageHint')}
              </Typography>
              <input
                ref={fileInput}
                type="file"
                accept={ACCEPTED_TYPES.join(',')}
                hidden
                data-testid="profile-image-input"
                onChange={(event) => void chooseImage(event)}
              />
            </Stack>
          </Stack>
          {FIELDS.map(({ name, label, max, required, multiline, type, placeholder }) => (
            <TextField
              key={name}
              name={name}
              label={t(`edit.${label}`)}
              required={required}
              type={type}
              placeholder={placeholder}
              value={values[name]}
              onChange={change(name)}
              error={errors[name] !== undefined}
              helperText={errors[name] ?? (multiline ? `${values[name].length}/${max}` : undefined)}
              multiline={multiline}
              minRows={multiline ? 3 : undefined}
              slotProps={{ htmlInput: { maxLength: max } }}
              fullWidth
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {update.isPending ? t('edit.saving') : t('edit.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Edit Profile (docs/product.md, Screens): names, city, about, links and the picture (Rules: 2 MB, scaled to 400 px). */
export function EditProfileDialog({ open, onClose, profile }: EditProfileDialogProps) {
  const { t } = useTranslation('profile');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('edit.title')}</DialogTitle>
      {/* Mounted only while open, so every opening starts from the saved profile. */}
      {open && <EditProfileForm titleId={titleId} profile={profile} onClose={onClose} />}
    </Dialog>
  );
}
