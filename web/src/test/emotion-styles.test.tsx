import { describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import Box from '@mui/material/Box';
import { LanguageStyles } from '../app/language-styles';
import { forgetEmotionStyles } from './emotion-styles';

const emotionRules = () => document.head.querySelectorAll('style[data-emotion]').length;

function renderHiddenButton(withAppStyles: boolean) {
  const hidden = (
    <Box sx={{ visibility: 'hidden' }}>
      <button type="button">Hidden by a style</button>
    </Box>
  );
  render(withAppStyles ? <LanguageStyles>{hidden}</LanguageStyles> : hidden);
}

describe('forgetting emotion styles between tests', () => {
  it.each([
    ["the app's language cache", true],
    ["emotion's default cache", false],
  ])("removes %s's rules and inserts them again on the next render", (_cache, withAppStyles) => {
    renderHiddenButton(withAppStyles);
    expect(emotionRules()).toBeGreaterThan(0);
    expect(screen.queryByRole('button')).toBeNull();

    cleanup();
    forgetEmotionStyles();
    expect(emotionRules()).toBe(0);

    // Rendered again, the style is back: the button is still hidden from role queries.
    renderHiddenButton(withAppStyles);
    expect(emotionRules()).toBeGreaterThan(0);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { hidden: true })).toBeTruthy();
  });
});
