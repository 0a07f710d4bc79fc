import { createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';

const INVITATION_ID_NAMESPACE = '8f7c1f7e-4c8e-4d59-9a53-2b0c5f7d9e41';

/** A link's token names its invitation: the id derives from the token's hash, so the token is never stored in clear (only sealed). */
export const invitationIdFor = (token: string) => uuidv5(createHash('sha256').update(token).digest('hex'), INVITATION_ID_NAMESPACE);
