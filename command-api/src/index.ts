export * from './app';
export * from './groups/groups.decider';
export * from './groups/seed-catalogue';
export * from './identity/identity-service';
export * from './services';
export * from './subscriptions/subscription-service';
// The benchmark's CRUD baseline runs the same eligibility check on a bus of its own.
export { CommandBus } from './lib/command-bus';
export { existingId } from '@civitas/events';
export { ParticipationGate } from './lib/participation-gate';
// The audit export bench closes its topics with the closing's own count.
export { countTopicOutcome } from './topics/closing-count';
