import { useId } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, LANGUAGE_NAMES, LANGUAGES, useLanguage, type Language } from '../i18n';

/** With two languages, a switch offers the one not showing. */
export const otherLanguage = (language: Language): Language => (language === 'en' ? 'ar' : 'en');

/**
 * The header's switch: one button naming the other language in that language ('العربية' in
 * English, 'English' in Arabic), marked with its lang so screen readers pronounce it right (WCAG 3.1.2).
 */
export function LanguageToggle(props: Omit<ButtonProps, 'onClick' | 'lang' | 'children'>) {
  const other = otherLanguage(useLanguage());
  return (
    <Button color="inherit" startIcon={<TranslateIcon aria-hidden />} {...props} lang={other} onClick={() => void chooseLanguage(other)}>
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}

/** Settings: every language by its own name, the current one chosen. */
export function LanguageChoice() {
  const { t } = useTranslation();
  const language = useLanguage();
  const labelId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId}>{t('language.label')}</FormLabel>
      <RadioGroup row aria-labelledby={labelId} value={language} onChange={(event) => void chooseLanguage(event.target.value as Language)}>
        {LANGUAGES.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={LANGUAGE_NAMES[option]} lang={option} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
