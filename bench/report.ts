import { cpus, loadavg, totalmem } from 'node:os';
import type { BattleResult } from './battle.ts';
import type { CommandTiming } from './commands.ts';
import type { FloorResult } from './floor.ts';
import type { Growth } from './growth.ts';
import { toNs } from './harness.ts';
import type { MemoryResult } from './memory.ts';
import type { SaveResult } from './save.ts';

/**
 * The table `npm run bench` prints and writes: one row per figure, each time also given in floor
 * events (how many events the trivial machine processes in that time), and the issue's targets
 * beside the figures they bound.
 */

export interface Row {
  readonly measure: string;
  readonly value: number;
  readonly unit: string;
  /** The time, in events of the floor machine (absent for figures that are not times). */
  readonly floorEvents?: number;
  readonly target?: string;
  readonly met?: boolean;
}

export interface Measured {
  readonly floor: FloorResult;
  readonly battle: BattleResult;
  readonly commands: readonly CommandTiming[];
  readonly memory: MemoryResult;
  readonly save: SaveResult;
  readonly growth: Growth;
}

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGb: number;
  readonly node: string;
  readonly platform: string;
  /** The one-minute load average when the run began: other work on the machine slows every figure. */
  readonly loadAverage: number;
}

export function thisMachine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: loadavg()[0] ?? 0,
  };
}

export function rowsOf(measured: Measured): Row[] {
  const { floor, battle, commands, memory, save, growth } = measured;
  const floorMs = floor.perEvent.medianMs;
  const time = (measure: string, ms: number, target?: { limitMs: number; text: string }): Row => ({
    measure,
    value: ms,
    unit: 'ms',
    floorEvents: ms / floorMs,
    ...(target ? { target: target.text, met: ms <= target.limitMs } : {}),
  });
  const battleName = `battle ${battle.perSide}v${battle.perSide}`;
  const engineNsPerEvent = toNs(battle.timing.medianMs) / battle.eventsPerBattle;
  const engineRatio = engineNsPerEvent / toNs(floorMs);
  const worstP99 = Math.max(...commands.map((c) => c.timing.p99Ms));
  return [
    { measure: 'floor: events per second', value: floor.eventsPerSecond, unit: 'events/s' },
    time('floor: time per event', floorMs),
    time(`${battleName}: median`, battle.timing.medianMs, { limitMs: 0.5, text: '≤ 0.5 ms' }),
    time(`${battleName}: p99`, battle.timing.p99Ms),
    { measure: `${battleName}: battles per second`, value: 1000 / battle.timing.medianMs, unit: 'battles/s' },
    { measure: `${battleName}: events per battle`, value: battle.eventsPerBattle, unit: 'events' },
    { measure: `${battleName}: commands per battle`, value: battle.commandsPerBattle, unit: 'commands' },
    time(`${battleName}: engine time per event`, engineNsPerEvent / 1e6),
    {
      measure: `${battleName}: engine cost per event ÷ floor's`,
      value: engineRatio,
      unit: '×',
      target: '≤ 2×',
      met: engineRatio <= 2,
    },
    ...commands.flatMap(({ command, timing }) => [
      time(`command ${command}: median`, timing.medianMs),
      time(`command ${command}: p99`, timing.p99Ms, { limitMs: 1, text: '< 1 ms' }),
    ]),
    {
      measure: 'commands: worst p99',
      value: worstP99,
      unit: 'ms',
      floorEvents: worstP99 / floorMs,
      target: '< 1 ms',
      met: worstP99 < 1,
    },
    {
      measure: `idle game (${memory.cards} cards, ${memory.holograms} holograms): heap, of ${memory.games} held`,
      value: memory.bytesPerGame / 1024,
      unit: 'KB/game',
      target: '< 100 KB',
      met: memory.bytesPerGame < 100 * 1024,
    },
    time('save (mid-battle): median', save.save.medianMs),
    time('restore (mid-battle): median', save.restore.medianMs),
    time('save + restore (mid-battle): median', save.saveAndRestore.medianMs, { limitMs: 2, text: '< 2 ms' }),
    {
      measure: `save (mid-battle): JSON size, ${save.logLength} commands logged`,
      value: save.bytes / 1024,
      unit: 'KB',
    },
    ...growth.sizes.map(({ perSide, medianMs }) =>
      time(`growth: battle ${perSide}v${perSide} median`, medianMs),
    ),
    ...growth.doublings.map((d) => ({
      measure: `growth: ${d.from}→${d.to} a side, time ratio (n log n: ${d.nLogNRatio.toFixed(2)}; exponent ${d.exponent.toFixed(2)})`,
      value: d.ratio,
      unit: '×',
    })),
    {
      measure: 'growth: fitted exponent k (time ∝ n^k)',
      value: growth.fittedExponent,
      unit: '',
      target: `≤ ${growth.nLogNExponent.toFixed(2)} (n log n's)`,
      met: growth.withinNLogN,
    },
  ];
}

/** Three significant figures, grouped thousands: enough to compare runs, no false precision. */
export function formatNumber(value: number): string {
  if (value >= 1000) return Math.round(value).toLocaleString('en-US');
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  if (value >= 1) return value.toFixed(2);
  return value.toPrecision(3);
}

const verdict = (row: Row) => (row.met === undefined ? '' : row.met ? 'met' : 'MISSED');

/** The rows as a Markdown table: readable on a terminal, and pasted as is into the README. */
export function markdownTable(rows: readonly Row[]): string {
  const cells = rows.map((row) => [
    row.measure,
    `${formatNumber(row.value)} ${row.unit}`.trimEnd(),
    row.floorEvents === undefined ? '' : formatNumber(row.floorEvents),
    row.target ?? '',
    verdict(row),
  ]);
  const header = ['measure', 'value', 'in floor events', 'target', ''];
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i]!.length)));
  const line = (values: readonly string[]) =>
    `| ${values.map((value, i) => (i === 1 || i === 2 ? value.padStart(widths[i]!) : value.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, i) => (i === 1 || i === 2 ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [line(header), rule, ...cells.map(line)].join('\n');
}

export function machineLine(machine: Machine): string {
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.platform}, load average ${machine.loadAverage.toFixed(2)} at the start`;
}
