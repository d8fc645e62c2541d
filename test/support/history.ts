import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import type { AnswerMessage } from '../../host/index.ts';
import { resumeGame, type SavedGame, type SaveKey, type SeatPayload } from '../../src/index.ts';
import type { SeatClient } from './host-client.ts';

/**
 * A history checker for one game, in the manner of Jepsen's: while faults are injected, every command a
 * client sends and every answer it gets are recorded, with the host process that answered (the port of
 * the client's connection); at the end the store is read, and the history checked against it:
 *
 * - every acknowledged command is in the store exactly once: at the step it was acknowledged with (one
 *   row a step, and no step acknowledged for two commands), and the store's steps run on one by one,
 *   without gaps;
 * - each client's acknowledgements come in the order it sent its commands, at rising steps;
 * - no two host processes acknowledged the same step, and no step was acknowledged for two commands;
 * - every client's final view equals a replay of the store to the step it shows.
 *
 * A violation is described in words; a history that holds has none.
 */

/** One acknowledged command: which game step it became, and which process said so. */
export interface Ack {
  readonly client: string;
  readonly command: unknown;
  readonly step: number;
  /** The port of the host process that answered (its connection's). */
  readonly port: number;
  /** When the answer came (`performance.now()`). */
  readonly at: number;
}

/** What a client shows at the end: its seat (null: a spectator) and its payload. */
export interface FinalView {
  readonly client: string;
  readonly seat: string | null;
  readonly payload: SeatPayload;
}

/** The port of the process a client's connection is to (its WebSocket's URL names it). */
export function portOf(seat: SeatClient): number {
  const url = (seat.room.connection.transport as unknown as { ws: { url: string } }).ws.url;
  return Number(new URL(url).port);
}

export class History {
  readonly acks: Ack[] = [];
  /** Answers that were not acknowledgements (refused, rejected), by code: what the faults cost. */
  readonly refusals = new Map<string, number>();

  constructor(readonly gameId: string) {}

  /** Sends `command` from a client and records the answer (with the process that gave it). */
  async send(name: string, seat: SeatClient, command: unknown): Promise<AnswerMessage> {
    const port = portOf(seat);
    const answer = await seat.send(command);
    this.note(name, port, command, answer);
    return answer;
  }

  /** Records an answer a client had to a command it sent itself, from the process at `port`. */
  note(name: string, port: number, command: unknown, answer: AnswerMessage): void {
    if (answer.ok)
      this.acks.push({
        client: name,
        command: plain(command),
        step: answer.step,
        port,
        at: performance.now(),
      });
    else {
      const code = 'refused' in answer ? answer.refused.code : `rejected:${answer.rejection.code ?? '?'}`;
      this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
    }
  }

  /**
   * The violations of this history against the store at `storeUrl` (a `postgres://` URL), the final
   * views given checked against a replay of the store: none where the history holds.
   */
  async violations(storeUrl: string, views: readonly FinalView[]): Promise<string[]> {
    const stored = await readStored(storeUrl, this.gameId);
    return [...checkAcks(this.acks, stored.steps), ...checkViews(views, stored)];
  }
}

/** A game as its store holds it: its steps (what retention left of them), its checkpoints, its keys. */
interface Stored {
  readonly steps: ReadonlyArray<{ step: number; command: unknown }>;
  readonly checkpoints: ReadonlyArray<{ step: number; save: string }>;
  readonly keys: readonly SaveKey[];
}

async function readStored(url: string, gameId: string): Promise<Stored> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const steps = await client.query<{ step: number; command: string }>(
      'select step, command from stccg_steps where game_id = $1 order by step',
      [gameId],
    );
    const checkpoints = await client.query<{ step: number; save: string }>(
      'select step, save from stccg_checkpoints where game_id = $1 order by step',
      [gameId],
    );
    const keys = await client.query<{ id: string; secret: string }>('select id, secret from stccg_host_keys');
    return {
      steps: steps.rows.map((row) => ({ step: Number(row.step), command: JSON.parse(row.command) })),
      checkpoints: checkpoints.rows.map((row) => ({ step: Number(row.step), save: row.save })),
      keys: keys.rows,
    };
  } finally {
    await client.end();
  }
}

/** A value as it travels (JSON): undefined fields dropped, as a client's copy has them. */
function plain(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** The acknowledgements against the store's steps. */
export function checkAcks(
  acks: readonly Ack[],
  steps: ReadonlyArray<{ step: number; command: unknown }>,
): string[] {
  const found: string[] = [];
  // The store's own steps: one after another, without gaps.
  for (let i = 1; i < steps.length; i++)
    if (steps[i]!.step !== steps[i - 1]!.step + 1)
      found.push(`the store's steps jump from ${steps[i - 1]!.step} to ${steps[i]!.step}`);
  const byStep = new Map(steps.map((row) => [row.step, row.command]));
  for (const ack of acks) {
    const at = byStep.get(ack.step);
    if (at === undefined)
      found.push(`${ack.client}'s command acknowledged as step ${ack.step} is not in the store`);
    else if (!isDeepStrictEqual(at, ack.command))
      found.push(`step ${ack.step} in the store is not the command ${ack.client} was acknowledged for it`);
  }
  // One process, one command, for each step acknowledged.
  const answered = new Map<number, Ack>();
  for (const ack of acks) {
    const first = answered.get(ack.step);
    if (!first) answered.set(ack.step, ack);
    else if (first.port !== ack.port)
      found.push(`step ${ack.step} was acknowledged by two processes (ports ${first.port} and ${ack.port})`);
    else if (!isDeepStrictEqual(first.command, ack.command))
      found.push(`step ${ack.step} was acknowledged for two commands`);
  }
  // Each client's acknowledgements, in the order it sent its commands, at rising steps.
  const last = new Map<string, number>();
  for (const ack of acks) {
    if (ack.step <= (last.get(ack.client) ?? 0))
      found.push(`${ack.client} was acknowledged step ${ack.step} after step ${last.get(ack.client)}`);
    last.set(ack.client, ack.step);
  }
  return found;
}

/** Each client's view against the store replayed to its step (from the latest checkpoint before it). */
function checkViews(views: readonly FinalView[], stored: Stored): string[] {
  const found: string[] = [];
  const lastStep = stored.steps.at(-1)?.step ?? stored.checkpoints.at(-1)?.step ?? 0;
  for (const view of views) {
    const at = view.payload.step;
    if (at > lastStep) {
      found.push(`${view.client} shows step ${at}, past the store's last (${lastStep})`);
      continue;
    }
    const checkpoint = stored.checkpoints.filter((c) => c.step <= at).at(-1);
    if (!checkpoint) {
      found.push(`${view.client} shows step ${at}, before any checkpoint the store keeps`);
      continue;
    }
    const commands = stored.steps
      .filter((s) => s.step > checkpoint.step && s.step <= at)
      .map((s) => s.command);
    const game = resumeGame(JSON.parse(checkpoint.save) as SavedGame, commands, { key: [...stored.keys] });
    try {
      const replayed = view.seat === null ? game.spectator().payload() : game.seat(view.seat).payload();
      if (!isDeepStrictEqual(plain(replayed), plain(view.payload)))
        found.push(`${view.client}'s view at step ${at} is not the store's game replayed to that step`);
    } finally {
      game.stop();
    }
  }
  return found;
}
