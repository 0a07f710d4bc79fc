import Typography from '@mui/material/Typography';

/** A group id from a path: a positive whole number, else null (no request is made for it). */
export function parseGroupId(raw: string): number | null {
  return /^[1-9]\d*$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}

export function GroupNotFound() {
  return (
    <Typography variant="h1" component="p" sx={{ textAlign: 'center', mt: 6 }}>
      Group not found
    </Typography>
  );
}
