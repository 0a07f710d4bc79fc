import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { prefersReducedMotion } from '../lib/reduced-motion';

const PRIMARY = '#1e4e8c';
/** WCAG 2.4.7 / 2.4.13: one clearly visible ring for keyboard focus, 3:1 against every surface we use. */
const FOCUS_RING = { outline: `3px solid ${PRIMARY}`, outlineOffset: 2 };

// Read once at start: MUI's transitions are JavaScript timings, which CSS media queries cannot reach.
const reduceMotion = prefersReducedMotion();

/** Shared by both directions: the right-to-left theme is these options with direction 'rtl' (language-styles.tsx). */
export const themeOptions: ThemeOptions = {
  palette: {
    primary: { main: PRIMARY },
    // Darkened from #b7791f so white text and the badges built on it meet 4.5:1 (WCAG 1.4.3).
    secondary: { main: '#8a5a12' },
    // MUI's warning (#ed6c02) and info (#0288d1) give 3.1:1 and 3.9:1 on white, as chip text and under white labels.
    warning: { main: '#b45309' },
    info: { main: '#0271b0' },
    background: { default: '#f5f7fb' },
  },
  shape: { borderRadius: 10 },
  typography: {
    h1: { fontSize: '2rem', fontWeight: 700 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
  },
  // Under prefers-reduced-motion, dialogs, menus, drawers and collapses appear at once.
  ...(reduceMotion ? { transitions: { create: () => 'none' } } : {}),
  components: {
    // A label never breaks over two lines (issue #32): a row that cannot hold its buttons wraps instead.
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { whiteSpace: 'nowrap' } } },
    MuiButtonBase: {
      defaultProps: { disableRipple: reduceMotion },
      styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } },
    },
    MuiCssBaseline: {
      styleOverrides: {
        // Links, summary elements and anything focusable outside ButtonBase get the same ring.
        ':focus-visible': FOCUS_RING,
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
  },
};

export const theme = createTheme(themeOptions);
