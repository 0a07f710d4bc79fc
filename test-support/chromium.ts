// Debian's Chromium, as every browser test and the Lighthouse bench drive it (README, Tests):
// headless, and with nothing of its own running in the background to disturb what is measured.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;
