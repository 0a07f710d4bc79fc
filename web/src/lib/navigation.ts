// Full-page navigations leave the single-page app: sign-in, sign-out and the OAuth
// providers are server routes, and a reload after sign-in starts from a clean cache.

/** An object rather than a bare function, so tests can replace `assign` with a spy. */
export const pageNavigation = {
  assign(url: string): void {
    window.location.href = url;
  },
};

export function navigateFullPage(url: string): void {
  pageNavigation.assign(url);
}
