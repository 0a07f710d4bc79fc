import { readFileSync } from 'node:fs';
import os from 'node:os';
import type pg from 'pg';
import { now } from './measure';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function machineMs(): number {
  return os.cpus().reduce((sum, cpu) => sum + cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq, 0);
}

/** user+system ms of a local process, or null when /proc cannot tell (remote server, other OS). */
export function processMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export interface CpuUse {
  /** Cores used on average: this Node process, the bench database's server processes, the whole machine. */
  node: number;
  postgres: number | null;
  machine: number;
  /** Processes the bench started beside itself (a projector of its own), when it named any. */
  children?: number;
}

/**
 * Where the CPU went while `work` ran. The rest (machine − node − postgres) is other load on a
 * shared machine: when it is high, the figure measured the neighbours too.
 */
export async function withCpu<T>(pool: pg.Pool | null, work: () => Promise<T>, childPids: readonly number[] = []): Promise<{ result: T; cpu: CpuUse }> {
  // The bench database's backends plus the server's own processes (WAL writer, checkpointer...).
  const serverPids = async () =>
    pool
      ? (await pool.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() or datname is null')).rows.map((row) => row.pid)
      : [];
  const before = new Map((await serverPids()).map((pid) => [pid, processMs(pid)]));
  // A server on another host (or without /proc) shows no processes here: its CPU stays unknown.
  const local = before.size > 0 && [...before.values()].every((ms) => ms !== null);
  const startedAt = now();
  const node0 = process.cpuUsage();
  const children0 = childPids.map(processMs);
  const machine0 = machineMs();
  const result = await work();
  const wall = now() - startedAt;
  const nodeUse = process.cpuUsage(node0);
  const machine = (machineMs() - machine0) / wall;
  let postgres: number | null = null;
  if (local) {
    let ms = 0;
    for (const pid of new Set([...before.keys(), ...(await serverPids())])) {
      const end = processMs(pid);
      if (end !== null) ms += end - (before.get(pid) ?? 0); // a backend that exited meanwhile is lost
    }
    postgres = ms / wall;
  }
  const children = childPids.length > 0 ? childPids.reduce((sum, pid, i) => sum + (processMs(pid) ?? 0) - (children0[i] ?? 0), 0) / wall : undefined;
  return { result, cpu: { node: (nodeUse.user + nodeUse.system) / 1000 / wall, postgres, machine, ...(children === undefined ? {} : { children }) } };
}

/** Load from outside the bench above this many cores marks a measurement as disturbed. */
const DISTURBED_CORES = 0.25;
/** Measurements taken while the machine was busy with other work, for the machine line. */
export const disturbed: Array<{ what: string; otherCores?: number; otherDatabases?: { transactions: number; created: number; dropped: number } }> = [];

export function otherCores(cpu: CpuUse): number | null {
  return cpu.postgres === null ? null : Math.max(0, cpu.machine - cpu.node - (cpu.children ?? 0) - cpu.postgres);
}

/** A progress note on where the CPU went; records the measurement when other load disturbed it. */
export function cpuNote(cpu: CpuUse, what: string): string {
  const other = otherCores(cpu);
  const parts = [
    `node ${cpu.node.toFixed(2)}`,
    cpu.children === undefined ? null : `started processes ${cpu.children.toFixed(2)}`,
    cpu.postgres === null ? null : `postgres ${cpu.postgres.toFixed(2)}`,
    other === null ? null : `other ${other.toFixed(2)}`,
  ];
  const busy = other !== null && other > DISTURBED_CORES;
  if (busy) disturbed.push({ what, otherCores: Math.round(other * 100) / 100 });
  return `[cores: ${parts.filter(Boolean).join(', ')} of ${os.cpus().length}]${busy ? ' DISTURBED by other load on the machine' : ''}`;
}
