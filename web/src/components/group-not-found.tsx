import { useTranslation } from 'react-i18next';
import { NotFoundMessage } from './not-found-message';

/** A group id from a path: a positive whole number, else null (no request is made for it). */
export function parseGroupId(raw: string): number | null {
  return /^[1-9]\d*$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}

export function GroupNotFound() {
  const { t } = useTranslation();
  return <NotFoundMessage>{t('components.groupNotFound')}</NotFoundMessage>;
}
