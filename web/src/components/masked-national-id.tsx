import { maskNationalId } from '@civitas/events/verification/verification.contract';
import { Ltr } from './bidi';

/**
 * A national id as every screen shows it (docs/decisions.md, Bidirectional text and masked ids): a
 * fixed mask and its last four characters, as one isolated left-to-right run in a monospace face.
 * `revealed` shows the whole id instead (an admin's review, beside the document).
 */
export function MaskedNationalId({ value, revealed = false }: { value: string; revealed?: boolean }) {
  return (
    <Ltr data-national-id="" style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {revealed ? value.trim() : maskNationalId(value)}
    </Ltr>
  );
}
