/** Stream names come only from these helpers (ARCHITECTURE.md, "Streams and deciders"). */
export const groupStream = (groupId: number) => `group-${groupId}`;
export const userStream = (userId: string) => `user-${userId}`;
export const topicStream = (topicId: string) => `topic-${topicId}`;
export const opinionStream = (opinionId: string) => `opinion-${opinionId}`;
export const voteStream = (opinionId: string, userId: string) => `vote-${opinionId}-${userId}`;
