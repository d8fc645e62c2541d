import {
  checkSave,
  createGame,
  type Game,
  type GameOrigin,
  isHostEffect,
  type SavedGame,
  type SaveKey,
  saveGame,
} from '../src/index.ts';
import { sealProblem } from './seal.ts';
import type { GameStore, ReplayRule, StoredCheckpoint, StoredStep } from './store/store.ts';
import { tokenMatches } from './tokens.ts';

/**
 * A game's replay (`GET /games/:id/replay`): what the judge's console rebuilds a hosted game from, step by
 * step. It is the game itself, not a seat's view: the origin (setup, seed, the client's cards) and every
 * command with the rule events it caused, each step with its seal. The origin names every card in every
 * hand and the seed names the generator's state, which GAME-VIEW-1 hides from a spectator, so a running
 * game's replay is given only to the holder of its replay token; once the game has ended, its creator's
 * `public` lets anyone have it (`token` keeps asking for the token).
 *
 * The host checks the journal before it answers, with its own keys: the latest checkpoint's signature
 * (it holds the origin) and every step's seal, each chained to the one before (a step after a checkpoint
 * to the checkpoint's signature, made again where the store no longer keeps that checkpoint). A browser holds no key, so it cannot check a seal; it checks what it can (`previous`: each
 * step names the seal it chains to, which must be the one before it), and replays every command to see
 * the stored events come again (docs/host.md, "Replays").
 */

/** One step as a replay gives it: the stored step, and the seal its own seal chains to. */
export interface ReplayStep extends StoredStep {
  /** The seal before this step's: the step before's, or the signature of a checkpoint at that step. */
  readonly previous: string;
}

/** A game's replay, or a stretch of it (`from`, `to`). */
export interface Replay {
  readonly format: 'stccg-rules/replay';
  readonly version: 1;
  readonly gameId: string;
  /** The creator's rule (`POST /games { replays }`). */
  readonly replays: ReplayRule['replays'];
  /** Whether the game has ended (it can go no further). */
  readonly ended: boolean;
  /** The game's origin: with every step from 1, `replayGame` plays it through. */
  readonly origin: GameOrigin;
  /**
   * The step the stored steps run on from: 0, unless the host's retention pruned older history (then
   * the earliest checkpoint held, which the game is resumed from, not replayed from its origin).
   */
  readonly start: number;
  /** The last step stored: the game now. */
  readonly last: number;
  /** The checkpoint at `start` (a signed save), given where the stretch begins there and the store holds it. */
  readonly checkpoint?: StoredCheckpoint;
  /**
   * The signatures of the checkpoints the host wrote from the stretch's first step on, by step (those the
   * store no longer keeps made again): the step after each chains to it.
   */
  readonly checkpointSeals: Readonly<Record<number, string>>;
  /** The steps after `from` up to `to`, in order. */
  readonly steps: readonly ReplayStep[];
}

/** What a replay is asked with. */
export interface ReplayRequest {
  readonly gameId: string;
  /** The replay token, where one is given. */
  readonly token?: string | undefined;
  /** The steps after this one (default: from the start). */
  readonly from?: number | undefined;
  /** Up to this step (default: the last). */
  readonly to?: number | undefined;
}

/** Why a replay was not given. */
export type ReplayRefusal =
  | { readonly refused: 'not-found'; readonly message: string }
  | { readonly refused: 'forbidden'; readonly message: string }
  | { readonly refused: 'damaged'; readonly message: string };

/** A game's replay, checked against the host's keys; or why it is refused. */
export async function replayOf(
  store: GameStore,
  keys: readonly SaveKey[],
  request: ReplayRequest,
): Promise<Replay | ReplayRefusal> {
  const { gameId } = request;
  const notFound = { refused: 'not-found', message: `there is no game "${gameId}" on this host` } as const;
  const rule = await store.replayRule(gameId);
  if (!rule) return notFound;
  // Refused before the game is read where the rule alone refuses it: a request without the token reads
  // no journal but a public game's.
  const refused = {
    refused: 'forbidden',
    message:
      rule.replays === 'public'
        ? `game "${gameId}" is in play: its replay shows the hands, and takes its replay token until it ends`
        : `game "${gameId}"'s replay takes its replay token`,
  } as const;
  if (!mayReplay(rule, rule.ended, request.token)) return refused;
  const game = await store.exportGame(gameId);
  if (!game) return notFound;
  const ended = game.endedAt !== null;
  if (!mayReplay(rule, ended, request.token)) return refused;
  // Every checkpoint held, its signature checked (a store keeps a game's last two); each holds the origin.
  let save: SavedGame | undefined;
  for (const checkpoint of game.checkpoints)
    try {
      save = checkSave(JSON.parse(checkpoint.save), { key: keys }).save;
      if (save.id !== gameId || save.logStart !== checkpoint.step)
        throw new Error(`it is not this game's at this step`);
    } catch (error) {
      return {
        refused: 'damaged',
        message: `its checkpoint of step ${checkpoint.step}: ${(error as Error).message}`,
      };
    }
  if (!save) return { refused: 'damaged', message: `game "${gameId}" has no checkpoint` };
  const chained = chainOf(keys, gameId, save.origin, game.checkpoints, game.steps);
  if (typeof chained === 'string') return { refused: 'damaged', message: chained };
  const { start, steps, seals } = chained;
  const last = steps.at(-1)?.step ?? start;
  const from = Math.max(start, Math.min(request.from ?? start, last));
  const to = Math.max(from, Math.min(request.to ?? last, last));
  const checkpointSeals: Record<number, string> = {};
  for (const [step, seal] of seals) if (step >= from && step <= to) checkpointSeals[step] = seal;
  const atStart = game.checkpoints.find((checkpoint) => checkpoint.step === start);
  return {
    format: 'stccg-rules/replay',
    version: 1,
    gameId,
    replays: rule.replays,
    ended,
    origin: save.origin,
    start,
    last,
    ...(from === start && atStart ? { checkpoint: atStart } : {}),
    checkpointSeals,
    steps: steps.filter((step) => step.step > from && step.step <= to),
  };
}

/**
 * The replay rule (docs/host.md, "Replays"): the game's replay token, always; without it, only a game that
 * has ended, and whose creator made its replays public.
 */
export function mayReplay(rule: ReplayRule, ended: boolean, token: string | undefined): boolean {
  if (token !== undefined && tokenMatches(token, rule.tokenHash)) return true;
  return rule.replays === 'public' && ended;
}

/** The journal checked: where it starts, its steps with their links, and every checkpoint's seal by step. */
interface Chain {
  readonly start: number;
  readonly steps: readonly ReplayStep[];
  readonly seals: ReadonlyMap<number, string>;
}

/**
 * The steps, each with the seal it chains to, where every seal is the one these keys give it; else why
 * not. A host chains each step to the seal of the step before, or, after a checkpoint, to the
 * checkpoint's signature; a store keeps only a game's last two checkpoints, so the signature of one it
 * no longer holds is made again: the game replayed from its origin to that step and saved with the key
 * that sealed the step (a save is the same bytes whenever it is made of the same game). A game whose
 * early history the host's retention pruned starts at its earliest checkpoint held.
 */
function chainOf(
  keys: readonly SaveKey[],
  gameId: string,
  origin: GameOrigin,
  checkpoints: readonly StoredCheckpoint[],
  journal: readonly StoredStep[],
): Chain | string {
  let stored = journal;
  const seals = new Map(checkpoints.map((checkpoint) => [checkpoint.step, signatureOf(checkpoint) ?? '']));
  let start = stored.length > 0 ? stored[0]!.step - 1 : (checkpoints.at(-1)?.step ?? 0);
  if (start > 0 && !seals.has(start)) {
    // Retention pruned the game up to a checkpoint the store has since given up for a later one: the
    // steps before the earliest checkpoint held link to nothing held, and the replay starts there.
    const earliest = checkpoints.map((checkpoint) => checkpoint.step).find((step) => step > start);
    if (earliest === undefined || !stored.some((step) => step.step === earliest))
      return `its steps start after step ${start}, where it holds no checkpoint`;
    start = earliest;
    stored = stored.filter((step) => step.step > earliest);
  }
  const replaying = new Replaying(origin, gameId, stored);
  const steps: ReplayStep[] = [];
  try {
    let before = seals.get(start) ?? '';
    for (const [i, step] of stored.entries()) {
      if (step.step !== start + i + 1)
        return `its steps do not run on from step ${start} (step ${step.step} follows)`;
      let previous = seals.get(step.step - 1) ?? before;
      let problem = sealProblem(keys, gameId, step, previous);
      // A checkpoint the store no longer holds may be the link: made again.
      if (problem && !seals.has(step.step - 1) && start === 0) {
        const key = keys.find((k) => k.id === step.mac?.split(':')[0]);
        const remade = key && replaying.signatureAt(step.step - 1, key);
        if (remade && !sealProblem(keys, gameId, step, remade)) {
          [previous, problem] = [remade, undefined];
          seals.set(step.step - 1, remade);
        }
      }
      if (problem) return problem;
      steps.push({ ...step, previous });
      before = step.mac ?? '';
    }
  } finally {
    replaying.stop();
  }
  return { start, steps, seals };
}

/** The game played again from its origin, as far as a checkpoint to make again (started the first time one is). */
class Replaying {
  private game: Game | undefined;

  constructor(
    private readonly origin: GameOrigin,
    private readonly gameId: string,
    private readonly stored: readonly StoredStep[],
  ) {}

  /** The signature of the checkpoint a host would have written at `step` with this key; undefined if the steps do not lead there. */
  signatureAt(step: number, key: SaveKey): string | undefined {
    this.game ??= createGame(this.origin.setup, {
      seed: this.origin.seed,
      cards: this.origin.cards,
      id: this.gameId,
    });
    const game = this.game;
    // A command may be more than one step (a side's automatic answers follow it): those are not sent.
    while (game.step() < step) {
      const next = this.stored[game.step()];
      if (!next) return undefined;
      const result = isHostEffect(next.command) ? game.effect(next.command) : game.send(next.command);
      if (!result.ok) return undefined;
    }
    if (game.step() !== step) return undefined;
    return saveGame(game, { key, log: false }).signature?.mac;
  }

  stop(): void {
    this.game?.stop();
  }
}

/** A checkpoint's signature (the seal the step after it chains to). */
function signatureOf(checkpoint: StoredCheckpoint): string | undefined {
  return (JSON.parse(checkpoint.save) as SavedGame).signature?.mac;
}
