import { useId, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

interface SectionCardProps {
  title: ReactNode;
  /** Shown before the title. */
  icon?: ReactNode;
  /** Space under the title (theme spacing): 1 before a line of text, 2 before lists and buttons. */
  titleGap?: number;
  sx?: SxProps<Theme>;
  children?: ReactNode;
}

/** An outlined card that is a landmark section named by its h2 title, as screen readers list them. */
export function SectionCard({ title, icon, titleGap = 2, sx, children }: SectionCardProps) {
  const headingId = useId();
  const heading = (
    <Typography id={headingId} component="h2" variant="h3" sx={icon ? undefined : { mb: titleGap }}>
      {title}
    </Typography>
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={sx}>
      <CardContent>
        {icon ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: titleGap }}>
            {icon}
            {heading}
          </Stack>
        ) : (
          heading
        )}
        {children}
      </CardContent>
    </Card>
  );
}
