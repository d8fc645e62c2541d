import { type AnyActorRef, type AnyEventObject, assign, createActor, enqueueActions, setup } from 'xstate';
import { battleMachine } from '../machines/battle.machine.ts';
import { hologramMachine } from '../machines/hologram.machine.ts';
import { battleGame, fight } from './battle.ts';
import { type Budget, interleaved, type Series, sink, stopwatch } from './harness.ts';

/**
 * XState's own share of a battle: the battle the benchmark plays, replayed with no rules at all. Each
 * recorded battle is played again by the same actors (the battle's and the holograms' own charts, the
 * battle spawned by name) through a game chart of the same shape: for each command the game received, a
 * guarded transition whose actions are the ones the game ran (one assign, each `sendTo` to the battle or
 * a hologram, each emitted rule event), with what the rules decided recorded instead of worked out. No
 * gate, no table, no rules, no policy: what is left is what XState costs to carry that battle's events
 * and actions. The whole-battle goal can be no lower than this.
 */

/** One command the game received in a recorded battle, and the actions it ran. */
interface RecordedCommand {
  readonly event: AnyEventObject;
  /** Events the game sent to its children, by child id, in order. */
  readonly sent: { readonly to: string; readonly event: AnyEventObject }[];
  /** Events the game emitted (its rule events and `accepted`), in order. */
  readonly emitted: AnyEventObject[];
}

interface RecordedBattle {
  readonly context: { readonly board: unknown; readonly step: number };
  readonly holograms: readonly { readonly id: string; readonly input: unknown }[];
  readonly battleInput: unknown;
  readonly commands: readonly RecordedCommand[];
  /** The battle's record, as the engine's battle gave it: the skeleton's must be the same. */
  readonly lastBattle: string;
  /** The game's part alone: nothing is sent to the battle (spawned, it stays at its first step). */
  readonly gameAlone: boolean;
}

/** Records the battle of `perSide` a side on `seed`, as the benchmark plays it (both players `strongest`). */
function record(perSide: number, seed: number): RecordedBattle {
  const holograms: { id: string; input: unknown }[] = [];
  const commands: RecordedCommand[] = [];
  let battleInput: unknown;
  let game: AnyActorRef | undefined;
  const input = (ref: AnyActorRef) => (ref as unknown as { options: { input?: unknown } }).options.input;
  const played = battleGame(perSide, seed, {
    inspect: (event) => {
      if (event.type === '@xstate.actor') {
        const actor = event.actorRef as AnyActorRef;
        if (actor.id === 'battle') battleInput = input(actor);
        else if (actor.id.startsWith('hologram:')) holograms.push({ id: actor.id, input: input(actor) });
      }
      if (game === undefined || event.actorRef !== game) return;
      if (event.type === '@xstate.event' && !event.event.type.startsWith('xstate.')) {
        commands.push({ event: event.event, sent: [], emitted: [] });
      }
      const command = commands.at(-1);
      if (event.type !== '@xstate.action' || !command) return;
      const params = event.action.params as { to?: AnyActorRef; event: AnyEventObject };
      if (event.action.type === 'xstate.emit') command.emitted.push(params.event);
      if (event.action.type === 'xstate.sendTo')
        command.sent.push({ to: params.to!.id, event: params.event });
    },
  });
  const { board, step } = played.actor.getSnapshot().context;
  game = played.actor;
  fight(played);
  const lastBattle = JSON.stringify(played.actor.getSnapshot().context.lastBattle);
  played.stop();
  if (battleInput === undefined) throw new Error('the recorded battle spawned no battle actor');
  return { context: { board, step }, holograms, battleInput, commands, lastBattle, gameAlone: false };
}

interface SkeletonContext {
  readonly recorded: RecordedBattle;
  readonly board: unknown;
  readonly step: number;
  readonly next: number;
  readonly battle: AnyActorRef | null;
  readonly lastBattle: unknown;
}

// Copies of the engine's charts (`provide` makes a new machine), without the gate's seal on the children.
const skeletonSetup = setup({
  types: { context: {} as SkeletonContext, input: {} as RecordedBattle },
  actors: { battle: battleMachine.provide({}), hologram: hologramMachine.provide({}) },
  guards: { recordedAsLegal: () => true },
});

/** What the game did for its next recorded command: one assign, its sends and its emitted events. */
const carryOut = skeletonSetup.enqueueActions(({ context, enqueue }) => {
  const command = context.recorded.commands[context.next]!;
  enqueue.assign({ board: context.board, step: context.step + 1, next: context.next + 1 });
  for (const { to, event } of command.sent) enqueue.sendTo(to, event);
  for (const event of command.emitted) enqueue.emit(event);
});

const skeleton = skeletonSetup.createMachine({
  id: 'game',
  context: ({ input, spawn }) => {
    for (const { id, input: seed } of input.holograms) spawn('hologram', { id, input: seed as never });
    return {
      recorded: input,
      board: input.context.board,
      step: input.context.step,
      next: 0,
      battle: null,
      lastBattle: null,
    };
  },
  initial: 'playing',
  states: {
    playing: {
      on: {
        attack: {
          guard: 'recordedAsLegal',
          target: 'battling',
          actions: [
            assign({
              battle: ({ context, spawn }) =>
                spawn('battle', { id: 'battle', input: context.recorded.battleInput as never }),
            }),
            carryOut,
          ],
        },
      },
    },
    battling: {
      on: {
        pass: { guard: 'recordedAsLegal', actions: carryOut },
        respond: { guard: 'recordedAsLegal', actions: carryOut },
        decide: { guard: 'recordedAsLegal', actions: carryOut },
        effect: { guard: 'recordedAsLegal', actions: carryOut },
        'xstate.done.actor.battle': {
          target: 'playing',
          actions: enqueueActions(({ context, enqueue }) => {
            enqueue.stopChild('battle');
            enqueue.assign({ battle: null, lastBattle: context.battle?.getSnapshot().output ?? null });
          }),
        },
      },
    },
  },
});

/** A skeleton game ready to play a recorded battle again, started untimed (as the battle measure's game is). */
function prepared(recorded: RecordedBattle) {
  const actor = createActor(skeleton, { input: recorded });
  // The game's own listener hears every emitted event (`Game` listens with '*').
  actor.on('*', (event) => {
    sink.value += event.type.length;
  });
  return actor.start();
}

/**
 * Plays the recorded battle through the skeleton; throws if it does not reach its end, or (`check`,
 * untimed) if its battle's record is not the engine's.
 */
function replay(actor: ReturnType<typeof prepared>, recorded: RecordedBattle, check: boolean): number {
  for (const command of recorded.commands) actor.send(command.event);
  const snapshot = actor.getSnapshot();
  if (
    !snapshot.matches(recorded.gameAlone ? 'battling' : 'playing') ||
    snapshot.context.next !== recorded.commands.length
  ) {
    throw new Error('the skeleton did not play the recorded battle to its end');
  }
  if (check && !recorded.gameAlone && JSON.stringify(snapshot.context.lastBattle) !== recorded.lastBattle) {
    throw new Error('the skeleton’s battle did not end as the engine’s did');
  }
  return recorded.commands.length;
}

export interface SkeletonResult {
  /** One replayed battle per round. */
  readonly series: Series;
  /**
   * The same with nothing sent to the battle actor: the game's part alone. What is left of the series
   * is the battle actor's part (its events, each a macrostep of its own), the most that composing the
   * battle into the game's actor could save of XState's work.
   */
  readonly gameAlone: Series;
  /** Commands, emitted events and sends per recorded battle (means). */
  readonly commandsPerBattle: number;
  readonly emittedPerBattle: number;
  readonly sentPerBattle: number;
}

/** Battles recorded: the seeds the battle measure counts its events on. */
const RECORDED_BATTLES = 50;

export function measureSkeleton(perSide: number, budget: Budget): SkeletonResult {
  const battles = Array.from({ length: RECORDED_BATTLES }, (_, i) => record(perSide, i + 1));
  // Hot before it is timed, as the engine is (see warmUp).
  const play = (recorded: RecordedBattle, timed: boolean) => {
    const actor = prepared(recorded);
    const watch = stopwatch();
    sink.value += replay(actor, recorded, !timed);
    const elapsed = watch();
    actor.stop();
    return timed ? elapsed : undefined;
  };
  for (let i = 0; i < (budget.quick ? 40 : 400); i++) play(battles[i % battles.length]!, false);
  const alone = battles.map((battle) => ({
    ...battle,
    gameAlone: true,
    commands: battle.commands.map((c) => ({ ...c, sent: c.sent.filter(({ to }) => to !== 'battle') })),
  }));
  for (let i = 0; i < (budget.quick ? 40 : 400); i++) play(alone[i % alone.length]!, false);
  let next = 0;
  const series = interleaved(budget.rounds, () => play(battles[next++ % battles.length]!, true)!);
  const gameAlone = interleaved(budget.rounds, () => play(alone[next++ % alone.length]!, true)!);
  const mean = (count: (battle: RecordedBattle) => number) =>
    battles.reduce((sum, battle) => sum + count(battle), 0) / battles.length;
  return {
    series,
    gameAlone,
    commandsPerBattle: mean((b) => b.commands.length),
    emittedPerBattle: mean((b) => b.commands.reduce((n, c) => n + c.emitted.length, 0)),
    sentPerBattle: mean((b) => b.commands.reduce((n, c) => n + c.sent.length, 0)),
  };
}
