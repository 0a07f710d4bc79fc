import { WorkerJobs } from './worker-jobs';
import type { ConnectJob, LatencyJob, LatencyResult, LiveJob, ThroughputJob, ThroughputResult } from './live-worker';

/** The live bench's sockets, in a worker thread of their own (one per server measured, so each side's clients start fresh). */
export class LiveLoad {
  private constructor(private readonly jobs: WorkerJobs<LiveJob>) {}

  static start(): LiveLoad {
    return new LiveLoad(new WorkerJobs<LiveJob>(new URL('./live-worker.ts', import.meta.url), 'live load'));
  }

  run(job: ConnectJob): Promise<{ watchers: number; senders: number }>;
  run(job: LatencyJob): Promise<LatencyResult>;
  run(job: ThroughputJob): Promise<ThroughputResult>;
  run(job: { kind: 'close' }): Promise<void>;
  run(job: LiveJob): Promise<unknown> {
    return this.jobs.send(job);
  }

  async close(): Promise<void> {
    await this.run({ kind: 'close' }).catch(() => undefined);
    await this.jobs.terminate();
  }
}
