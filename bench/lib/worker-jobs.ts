import { Worker } from 'node:worker_threads';

/**
 * A bench's clients in a worker thread of their own, so the load they make does not share the
 * servers' event loop; jobs go in, results come back by id. Workers do not inherit tsx's loader
 * on Node 20: the worker registers it before importing the TypeScript module.
 */
export class WorkerJobs<Job> {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  private readonly worker: Worker;

  constructor(
    moduleUrl: URL,
    private readonly name: string,
  ) {
    const tsx = import.meta.resolve('tsx/esm/api');
    const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl.href)}); })`;
    this.worker = new Worker(source, { eval: true });
    this.worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) waiter?.reject(new Error(`${this.name}: ${message.error}`));
      else waiter?.resolve(message.result);
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => this.failAll(new Error(`${this.name} worker exited with ${code}`)));
  }

  send(job: Job): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, job });
    });
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }

  private failAll(error: Error) {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}
