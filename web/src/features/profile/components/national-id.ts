/** docs/product.md, Screens (profile): the national id shown in groups of 4 characters, e.g. "1234 5678 90". */
export function groupNationalId(nationalId: string): string {
  return (nationalId.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
