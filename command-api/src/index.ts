export * from './app';
export * from './groups/groups.decider';
export * from './groups/seed-catalogue';
export * from './identity/identity-service';
export * from './services';
export * from './subscriptions/subscription-service';
