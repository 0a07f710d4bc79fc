/**
 * How the delegate search shows a member's address (docs/decisions.md, Liquid delegation): the
 * first letter and the domain, enough to tell two namesakes apart and never enough to mail one.
 * Everyone sees this form, the searcher's own friends and colleagues too.
 */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const first = Array.from(email.slice(0, Math.max(at, 0)))[0] ?? '';
  return `${first}\u2022\u2022\u2022${at < 0 ? '' : email.slice(at)}`;
}
