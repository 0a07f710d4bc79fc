import type { SxProps, Theme } from '@mui/material/styles';

/**
 * For icons that point (back and forward arrows, chevrons, send): mirrored in a right-to-left
 * layout, where 'back' points right. The RTL style plugin flips sides, never an icon's drawing.
 */
export const flipInRtl: SxProps<Theme> = (theme) => (theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {});
