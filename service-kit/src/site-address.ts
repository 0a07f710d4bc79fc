// Addresses we send people back to (after a payment, say) are kept and answered as paths,
// so no stored value or request header can turn a redirect into one that leaves the site.

const ANY_ORIGIN = 'http://stored.invalid';

/** The path and query of an address (absolute or a path), never protocol-relative. */
export function sitePath(address: string): string {
  let url: URL;
  try {
    url = new URL(address, ANY_ORIGIN);
  } catch {
    return '/';
  }
  // '//evil.example/x' as a path would be read as another host by whoever resolves it, and so would
  // '/\\evil.example' (browsers take a backslash for a slash). A scheme that is not a web one
  // ('a:\\evil.example') keeps backslashes in its path: they go out escaped.
  return `/${url.pathname.replaceAll('\\', '%5C').replace(/^\/+/, '')}${url.search}`;
}

/**
 * The path (and query) of `address` when it names a page on our public origin, either as
 * an absolute address or as a path; null for anything else (another host, `//host`,
 * `https://ours@elsewhere`, `javascript:`, relative references, addresses with credentials).
 */
export function pathOnSite(address: string, publicBaseUrl: string): string | null {
  const origin = new URL(publicBaseUrl).origin;
  // An absolute address or a path from the root; 'evil.example' is neither, whatever a resolver makes of it.
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(address) && !address.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(address, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.username !== '' || url.password !== '') return null;
  return sitePath(url.href);
}

/** A stored address as a path on this site with extra query parameters (relative: the browser stays on its host name). */
export function sitePathWith(address: string, params: Record<string, string>): string {
  const target = new URL(sitePath(address), ANY_ORIGIN);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return `${target.pathname}${target.search}`;
}
