/** The slice of a pino logger the projector uses, so tests can pass a silent one. */
export interface ProjectorLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export const silentLog: ProjectorLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
