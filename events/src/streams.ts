/** Stream names come only from these helpers (ARCHITECTURE.md, "Streams and deciders"). */
export const groupStream = (groupId: number) => `group-${groupId}`;
export const userStream = (userId: string) => `user-${userId}`;
/** Keyed by a hash so stream names never carry an e-mail address. */
export const emailStream = (emailHash: string) => `email-${emailHash}`;
export const externalIdentityStream = (identityHash: string) => `external-identity-${identityHash}`;
export const passwordResetStream = (tokenHash: string) => `password-reset-${tokenHash}`;
export const paymentStream = (paymentId: string) => `payment-${paymentId}`;
export const webhookDeliveryStream = (provider: string, deliveryHash: string) => `webhook-${provider}-${deliveryHash}`;
