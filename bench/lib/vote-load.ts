import { WorkerJobs } from './worker-jobs';
import type { LoadJob, StalenessJob, StalenessResult, VotesJob, VotesResult } from './vote-worker';

/** The votes bench's clients, in a worker thread of their own. */
export class VoteLoad {
  private constructor(private readonly jobs: WorkerJobs<LoadJob>) {}

  static start(): VoteLoad {
    return new VoteLoad(new WorkerJobs<LoadJob>(new URL('./vote-worker.ts', import.meta.url), 'vote load'));
  }

  run(job: VotesJob): Promise<VotesResult>;
  run(job: StalenessJob): Promise<StalenessResult>;
  run(job: LoadJob): Promise<unknown> {
    return this.jobs.send(job);
  }

  async close(): Promise<void> {
    await this.jobs.terminate();
  }
}
