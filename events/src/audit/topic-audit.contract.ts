/** The web's one import for the auditor's topic reads: the history and topics list, and the timeline. */
export * from './history.contract';
export * from './timeline.contract';
