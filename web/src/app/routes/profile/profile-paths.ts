/** The header's Settings item and the profile's Settings button open the Settings dialog here (both go to /profile: docs/product.md, Screens: Header). */
export const PROFILE_PATH = '/profile';
export const PROFILE_SETTINGS_PATH = '/profile?settings=1';
/** Where 'Manage subscription' links should go: the profile with its Subscription tab open. */
export const PROFILE_SUBSCRIPTION_PATH = '/profile?tab=subscription';
