import type { ComponentPropsWithoutRef } from 'react';

// docs/decisions.md, Bidirectional text and masked ids. What members or the server wrote takes its
// direction from its own first strong letter (an English sentence in an Arabic page keeps its full
// stop at its end); ids and codes always run left to right. Both are isolated from the text around
// them, so a name never drags the words or digits beside it into its own direction. Block texts
// (a Typography of its own) take `dir="auto"` themselves; these are for runs inside other text.

/** Inline text a member or the server wrote (a name, a title, a message): isolated, its direction its own. */
export function Auto(props: ComponentPropsWithoutRef<'bdi'>) {
  return <bdi dir="auto" {...props} />;
}

/** An id or code (national id, invitation code, hash, receipt, key id, e-mail, URL): an isolated left-to-right run. */
export function Ltr(props: ComponentPropsWithoutRef<'bdi'>) {
  return <bdi dir="ltr" {...props} />;
}
