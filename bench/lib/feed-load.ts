import type { FeedJob, FeedLoadJob, FeedResult, TopicJob, TopicResult } from './feed-worker';
import { WorkerJobs } from './worker-jobs';

/** The notifications bench's clients, in a worker thread of their own. */
export class FeedLoad {
  private constructor(private readonly jobs: WorkerJobs<FeedLoadJob | { kind: 'close' }>) {}

  static start(): FeedLoad {
    return new FeedLoad(new WorkerJobs(new URL('./feed-worker.ts', import.meta.url), 'feed load'));
  }

  run(job: TopicJob): Promise<TopicResult>;
  run(job: FeedJob): Promise<FeedResult>;
  run(job: FeedLoadJob): Promise<unknown> {
    return this.jobs.send(job);
  }

  async close(): Promise<void> {
    await this.jobs.send({ kind: 'close' }).catch(() => undefined);
    await this.jobs.terminate();
  }
}
