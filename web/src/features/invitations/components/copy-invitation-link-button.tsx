import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast-store';
import { COPY_CONFIRMATION_RESET_MS } from '../../../lib/ui-constants';

/**
 * The server names its links on PUBLIC_BASE_URL (right for mail, which has no origin); the
 * owner shares the address they use themselves, so a link copied on 127.0.0.1 is not sent
 * out as localhost, or the other way round.
 */
export function onThisOrigin(link: string): string {
  try {
    const url = new URL(link, window.location.origin);
    return `${window.location.origin}${url.pathname}${url.search}`;
  } catch {
    return link;
  }
}

/** Copies an invitation link, for owners who would rather send it themselves; says 'Copied!' for 2 s. */
export function CopyInvitationLinkButton({ link }: { link: string }) {
  // A time rather than a flag, so a second copy within the 2 s starts the wait afresh.
  const { t } = useTranslation('invitations');
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPY_CONFIRMATION_RESET_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  const copy = async () => {
    try {
      // Absent outside secure contexts (plain http on another host).
      if (!navigator.clipboard) throw new Error('The clipboard is not available');
      await navigator.clipboard.writeText(onThisOrigin(link));
    } catch {
      toast({ title: t('toasts.copyFailed'), description: t('toasts.copyFailedDescription'), variant: 'destructive' });
      return;
    }
    setCopiedAt(Date.now());
    toast({ title: t('toasts.copied'), description: t('toasts.copiedDescription') });
  };

  const copied = copiedAt !== null;
  return (
    <Button
      size="small"
      variant="outlined"
      color={copied ? 'success' : 'primary'}
      startIcon={copied ? <CheckIcon aria-hidden /> : <ContentCopyIcon aria-hidden />}
      onClick={() => void copy()}
    >
      {copied ? t('copyLink.copied') : t('copyLink.copy')}
    </Button>
  );
}
