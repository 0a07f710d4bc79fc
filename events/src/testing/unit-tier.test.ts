import { execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';

// The unit tier's guard (test-support/unit-guard.ts) is what keeps tests under src/ free of databases,
// servers and processes; this is the one unit test that checks it is on.
describe('the unit tier', () => {
  it('refuses a connection, a port and a process', () => {
    expect(() => net.connect(5432, '127.0.0.1')).toThrow(/may not open a connection/);
    expect(() => net.createServer().listen(0, '127.0.0.1')).toThrow(/may not listen on a port/);
    expect(() => spawn('node', ['--version'])).toThrow(/may not start a process/);
    expect(() => execFileSync('node', ['--version'])).toThrow(/may not start a process/);
  });
});
