import { Worker } from 'node:worker_threads';
import type { LoadJob, StalenessJob, StalenessResult, VotesJob, VotesResult } from './vote-worker';

/**
 * The votes bench's clients, in a worker thread of their own. Workers do not inherit tsx's
 * loader on Node 20, so the worker registers it before importing the TypeScript module.
 */
export class VoteLoad {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) waiter?.reject(new Error(`vote load: ${message.error}`));
      else waiter?.resolve(message.result);
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => this.failAll(new Error(`vote load worker exited with ${code}`)));
  }

  static start(): VoteLoad {
    const tsx = import.meta.resolve('tsx/esm/api');
    const module = new URL('./vote-worker.ts', import.meta.url).href;
    const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(module)}); })`;
    return new VoteLoad(new Worker(source, { eval: true }));
  }

  run(job: VotesJob): Promise<VotesResult>;
  run(job: StalenessJob): Promise<StalenessResult>;
  run(job: LoadJob): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, job });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private failAll(error: Error) {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}
