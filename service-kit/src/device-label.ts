import Bowser from 'bowser';

/** A session's coarse device: the browser's and the system's names only, never the raw User-Agent. */
export interface DeviceLabel {
  browser?: string;
  os?: string;
}

// A longer header is no browser's; it is not worth running the parser's patterns over.
const MAX_USER_AGENT = 512;

/** 'Chrome' and 'Android' from a User-Agent header; null when neither can be told (curl, an empty header). */
export function deviceLabel(userAgent: string | undefined): DeviceLabel | null {
  const header = userAgent?.trim();
  if (!header || header.length > MAX_USER_AGENT) return null;
  const parsed = Bowser.parse(header);
  const browser = parsed.browser.name?.trim() || undefined;
  const os = parsed.os.name?.trim() || undefined;
  if (!browser && !os) return null;
  return { ...(browser && { browser }), ...(os && { os }) };
}
