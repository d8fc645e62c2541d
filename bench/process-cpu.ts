import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import pg from 'pg';

/**
 * CPU used by each server of a benchmark, told apart by the servers' own process ids (from /proc), never
 * by what a command line contains: a host started with `--store postgres://…` is no PostgreSQL. Linux
 * only, as the load is.
 */

/** Clock ticks a second (`getconf CLK_TCK`): 100 on every Linux this runs on. */
const TICKS = 100;

/** A process's fields from /proc/PID/stat, after its name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return undefined; // gone meanwhile
  }
}

/**
 * CPU a process has used, ms: its own (user and system, every thread), and with `reaped`, its children's
 * that have exited and been waited for (PostgreSQL's postmaster reaps its backends: what an ended backend
 * used is counted there, not lost).
 */
export function cpuMsOf(pid: number, reaped = false): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  // utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the name and the state.
  const own = Number(fields[11]) + Number(fields[12]);
  const children = reaped ? Number(fields[13]) + Number(fields[14]) : 0;
  return ((own + children) * 1000) / TICKS;
}

/** The processes whose parent is `pid` (a postmaster's backends and workers). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === pid) children.push(Number(entry));
  }
  return children;
}

/** A PostgreSQL server's CPU, ms: its postmaster, the children it reaped, and every child alive now. */
export function postgresCpuMs(postmaster: number): number {
  return childrenOf(postmaster).reduce((sum, child) => sum + cpuMsOf(child), cpuMsOf(postmaster, true));
}

/** The postmaster's pid, as the server itself tells it: the first line of postmaster.pid in its data folder. */
export async function postmasterPid(url: string): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const [row] = (await db.query<{ data_directory: string }>('show data_directory')).rows;
    return Number(readFileSync(`${row!.data_directory}/postmaster.pid`, 'utf8').split('\n')[0]);
  } finally {
    await db.end();
  }
}

/** A Redis server's pid, as it tells it (`INFO server`: process_id). */
export function redisPid(url: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port || 6379), hostname, () => socket.write('INFO server\r\n'));
    let reply = '';
    socket.setTimeout(5_000, () => socket.destroy(new Error('Redis did not answer INFO')));
    socket.on('data', (chunk) => {
      reply += chunk;
      const pid = /process_id:(\d+)/.exec(reply);
      if (pid) {
        socket.end();
        resolve(Number(pid[1]));
      }
    });
    socket.on('error', reject);
  });
}

/** The whole machine's busy CPU, ms (every core, every process: the other work on it too), from /proc/stat. */
export function machineCpuMs(): number {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  // user nice system idle iowait irq softirq steal: idle and iowait are not work.
  const [user, nice, system, , , irq, softirq, steal] = cpu!.trim().split(/\s+/).slice(1).map(Number);
  return (
    (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) / TICKS
  );
}
