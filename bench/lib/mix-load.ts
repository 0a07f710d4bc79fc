import { WorkerJobs } from './worker-jobs';
import type { MixJob, MixResult } from './mix-worker';

/** The load bench's members, in a worker thread of their own. */
export class MixLoad {
  private constructor(private readonly jobs: WorkerJobs<MixJob>) {}

  static start(): MixLoad {
    return new MixLoad(new WorkerJobs<MixJob>(new URL('./mix-worker.ts', import.meta.url), 'mix load'));
  }

  run(job: MixJob): Promise<MixResult> {
    return this.jobs.send(job) as Promise<MixResult>;
  }

  async close(): Promise<void> {
    await this.jobs.terminate();
  }
}
