/**
 * Random setups and command sequences for property tests (`properties.test.ts`, `fuzz.test.ts`,
 * `save-restore.test.ts`, `views.test.ts`): the cards the generators use, random valid setups, random
 * steps (mostly legal commands, card effects on random cards, mutants and garbage) and the command each
 * step stands for in a game; the invariant that every card is in one place that exists. Plus random
 * battles on a planet with response cards in hand (`battleSpecArb and battleSetup`) and a random player for a legal
 * command now.
 */

import fc from 'fast-check';
import {
  type Board,
  CardLibrary,
  COMMAND_TYPES,
  type Command,
  type CommandResult,
  createGame,
  type Game,
  HOST_EFFECT_TYPES,
  type Setup,
} from '../src/index.ts';
import { FIGHTERS, HOLO_FIGHTERS } from './battle-table.ts';
import { sendAny } from './support/doors.ts';

// ---------------------------------------------------------------------------------------------
// The cards the generators use

export const PLAYERS = ['alice', 'bob'] as const;
export const CUSTOM_DEFINITIONS: NonNullable<Setup['cardDefinitions']> = [
  { name: 'Plain Shuttle', type: 'Ship', staffing: ['Stf'] },
  // No staffing needed: a ship that can always fly, so ships (and captives aboard) travel often.
  { name: 'Drone Ship', type: 'Ship' },
  { name: 'Plain Outpost', type: 'Facility' },
];
/** The library of the random setups and of the random battles (their fighters). */
export const LIBRARY = CardLibrary.builtIn().withDefinitions([
  ...CUSTOM_DEFINITIONS,
  ...FIGHTERS,
  ...HOLO_FIGHTERS,
]);

const HOST_KINDS = [
  'U.S.S. Enterprise',
  'Husnock Ship',
  'Plain Shuttle',
  'Drone Ship',
  'Drone Ship',
  'Plain Outpost',
] as const;
/** The ships with a Holodeck of their own (others have one only with a Holodeck Door). */
export const WITH_HOLODECK: ReadonlySet<string> = new Set(['U.S.S. Enterprise', 'Husnock Ship']);
const PERSONNEL: readonly string[] = [
  'Data',
  'Sumek',
  'Iden',
  'The Doctor',
  'E.M.H. Program',
  "Fek'lhr",
  'Shakaar Edon',
];
const EQUIPMENT: readonly string[] = [
  'Mobile Holo-Emitter',
  "'45 Dom Perignon",
  'Starfleet Type II Phaser',
  "D'k Tahg",
  'Klingon Disruptor',
];
/** Interrupts: in a hand (or a discard pile), to respond with in battle. */
const INTERRUPTS: readonly string[] = [
  'Vulcan Nerve Pinch',
  'Android Headlock',
  'Emergency Transporter Armbands',
];
const CARD_KINDS: readonly string[] = [...PERSONNEL, ...PERSONNEL, ...EQUIPMENT, ...INTERRUPTS];
/** Events played on the table. */
const TABLE_EVENTS = ['Lower Decks', 'Disengage Safety Protocols'] as const;
const PRINTED_HOLO: ReadonlySet<string> = new Set([
  'Sumek',
  'Iden',
  'The Doctor',
  'E.M.H. Program',
  "Fek'lhr",
  "'45 Dom Perignon",
]);
const MODES: Readonly<Record<string, readonly [string, string]>> = {
  Sumek: ['Federation', 'Hirogen'],
  Iden: ['Bajoran', 'Hirogen'],
};
const AFFILIATIONS = ['Bajoran', 'Hirogen', 'Federation', 'Klingon'] as const;

export const typeOf = (name: string) => LIBRARY.get(name).type;
export const isHostType = (name: string) => ['Ship', 'Facility'].includes(typeOf(name));
export const isPersonnelOrEquipment = (name: string) =>
  ['Personnel', 'Equipment', 'Artifact'].includes(typeOf(name));

/** The n-th element, wrapping around; the fallback for an empty list. */
export const at = <T>(list: readonly T[], n: number, fallback: T): T =>
  list[n % Math.max(list.length, 1)] ?? fallback;

// ---------------------------------------------------------------------------------------------
// Random setups

interface HostSpec {
  readonly owner: number;
  readonly kind: number;
  readonly location: number;
  readonly door: boolean;
}

interface CardSpec {
  readonly owner: number;
  readonly kind: number;
  readonly where: 'hand' | 'discard' | 'aboard' | 'planet' | 'captured' | 'held';
  readonly index: number;
  readonly host: number;
  readonly active: boolean;
  readonly emitter: boolean;
  readonly holoIcon: boolean;
  readonly stopped: boolean;
  readonly deactivatedThisTurn: boolean;
  readonly mode: number;
}

interface SetupSpec {
  readonly locations: number;
  readonly projectors: readonly boolean[];
  readonly hosts: readonly HostSpec[];
  readonly cards: readonly CardSpec[];
  readonly turnPlayer: number;
  readonly turnNumber: number;
  readonly penaltyBox: number | null;
  readonly tableEvent: { readonly owner: number; readonly kind: number } | null;
}

const small = fc.nat({ max: 11 });
const player = fc.integer({ min: 0, max: 1 });

const hostSpec: fc.Arbitrary<HostSpec> = fc.record({
  owner: player,
  kind: fc.nat({ max: HOST_KINDS.length - 1 }),
  location: small,
  door: fc.boolean(),
});

const cardSpec: fc.Arbitrary<CardSpec> = fc.record({
  owner: player,
  kind: fc.nat({ max: CARD_KINDS.length - 1 }),
  where: fc.constantFrom('hand', 'discard', 'aboard', 'aboard', 'planet', 'captured', 'captured', 'held'),
  index: small,
  host: small,
  active: fc.boolean(),
  emitter: fc.boolean(),
  holoIcon: fc.nat({ max: 3 }).map((n) => n === 0),
  stopped: fc.nat({ max: 5 }).map((n) => n === 0),
  deactivatedThisTurn: fc.boolean(),
  mode: fc.nat({ max: 1 }),
});

const setupSpec: fc.Arbitrary<SetupSpec> = fc.record({
  locations: fc.integer({ min: 1, max: 3 }),
  projectors: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  hosts: fc.array(hostSpec, { minLength: 1, maxLength: 4 }),
  cards: fc.array(cardSpec, { maxLength: 12 }),
  turnPlayer: player,
  turnNumber: fc.integer({ min: 1, max: 4 }),
  penaltyBox: fc.option(player, { nil: null }),
  tableEvent: fc.option(fc.record({ owner: player, kind: fc.nat({ max: TABLE_EVENTS.length - 1 }) }), {
    nil: null,
  }),
});

type SetupCard = Setup['cards'][number];

/**
 * A valid setup from a spec: holograms exist only where they may (one bound for a bare planet goes
 * aboard a ship instead; one held by a Penalty Box, or captive with no ship to hold it, wears an
 * emitter) and are active only where they may be (aboard their owner's ship with a Holodeck, captive
 * aboard a ship with one, on a planet with Holo-Projectors, or wearing an emitter).
 */
function buildSetup(spec: SetupSpec): Setup {
  const locationIds = Array.from({ length: spec.locations }, (_, i) => `loc-${i}`);
  const cards: SetupCard[] = [];
  const projected = new Set<string>();
  locationIds.forEach((location, i) => {
    if (!spec.projectors[i]) return;
    projected.add(location);
    cards.push({
      id: `proj-${i}`,
      card: 'Holo-Projectors',
      owner: PLAYERS[i % 2]!,
      at: { playedOn: location },
    });
  });
  const hosts = spec.hosts.map((host, i) => {
    const kind = HOST_KINDS[host.kind % HOST_KINDS.length]!;
    return {
      id: `ship-${i}`,
      kind,
      owner: PLAYERS[host.owner]!,
      location: locationIds[host.location % locationIds.length]!,
      holodeck: WITH_HOLODECK.has(kind) || host.door,
      door: host.door,
    };
  });
  for (const host of hosts) {
    cards.push({ id: host.id, card: host.kind, owner: host.owner, at: { space: host.location } });
    if (host.door)
      cards.push({
        id: `${host.id}-door`,
        card: 'Holodeck Door',
        owner: host.owner,
        at: { playedOn: host.id },
      });
  }
  if (spec.penaltyBox !== null) {
    cards.push({ id: 'penalty-box', card: 'Penalty Box', owner: PLAYERS[spec.penaltyBox]!, at: 'table' });
  }
  if (spec.tableEvent !== null) {
    const { owner, kind } = spec.tableEvent;
    cards.push({ id: 'table-event', card: TABLE_EVENTS[kind]!, owner: PLAYERS[owner]!, at: 'table' });
  }
  const holders = cards.filter((card) => card.card === 'Penalty Box').map((card) => card.id);
  spec.cards.forEach((c, i) => {
    const id = `card-${i}`;
    const name = CARD_KINDS[c.kind % CARD_KINDS.length]!;
    const owner = PLAYERS[c.owner]!;
    const opponent = PLAYERS[1 - c.owner]!;
    const personnel = PERSONNEL.includes(name);
    const addedIcons = personnel && !PRINTED_HOLO.has(name) && c.holoIcon ? ['Holo'] : [];
    const holo = PRINTED_HOLO.has(name) || addedIcons.length > 0;
    const mode = MODES[name]?.[c.mode];
    const base: SetupCard = {
      id,
      card: name,
      owner,
      at: 'hand',
      ...(addedIcons.length > 0 ? { addedIcons } : {}),
      ...(mode ? { affiliation: mode } : {}),
    };
    const location = locationIds[c.index % locationIds.length]!;
    let where = c.where;
    if (INTERRUPTS.includes(name)) where = where === 'discard' ? 'discard' : 'hand';
    if (where === 'captured' && !personnel) where = 'aboard';
    // A captive is mostly aboard one of its captor's ships or facilities there, if there is one.
    const captorHosts = hosts.filter((host) => host.owner === opponent && host.location === location);
    const captorHost = c.host % 4 === 3 ? undefined : at(captorHosts, c.host, undefined);
    // A card that holds personnel: the Penalty Box.
    const holder = at(holders, c.host, undefined);
    if (where === 'held' && (holder === undefined || (holo && !personnel))) where = 'aboard';
    // A hologram held, or captive with no ship, needs an emitter (HOLO-EXIST-1); elsewhere it may have one.
    const emitter =
      holo &&
      personnel &&
      (where === 'held' ||
        (where === 'captured' && captorHost === undefined) ||
        (c.emitter && ['aboard', 'planet', 'captured'].includes(where)));
    if (where === 'planet' && holo && !emitter && !projected.has(location)) where = 'aboard';
    if (where === 'hand' || where === 'discard') {
      cards.push({ ...base, at: where });
      return;
    }
    const status = c.stopped ? { status: { stopped: true } } : {};
    let mayBeActive = emitter;
    if (where === 'aboard') {
      const host = hosts[c.index % hosts.length]!;
      mayBeActive ||= host.owner === owner && host.holodeck;
      cards.push({ ...base, ...status, at: { aboard: host.id } });
    } else if (where === 'planet') {
      mayBeActive = true;
      cards.push({ ...base, ...status, at: { planet: location } });
    } else if (where === 'held') {
      cards.push({ ...base, ...status, at: { heldBy: holder! } });
    } else {
      mayBeActive ||= captorHost?.holodeck === true;
      cards.push({
        ...base,
        ...status,
        at: captorHost ? { capturedBy: opponent, aboard: captorHost.id } : { capturedBy: opponent, location },
      });
    }
    if (holo) {
      const card = cards[cards.length - 1]!;
      if (mayBeActive && c.active) card.hologram = 'active';
      else {
        card.hologram = 'deactivated';
        if (c.deactivatedThisTurn) card.deactivatedOnTurn = spec.turnNumber;
      }
    }
    if (emitter) cards.push({ id: `${id}-emitter`, card: 'Mobile Holo-Emitter', owner, at: { wornBy: id } });
  });
  return {
    players: [PLAYERS[0], PLAYERS[1]],
    turn: { player: PLAYERS[spec.turnPlayer]!, number: spec.turnNumber },
    locations: locationIds.map((id) => ({ id, name: `Location ${id}` })),
    cardDefinitions: CUSTOM_DEFINITIONS,
    cards,
  };
}

export const setupArb: fc.Arbitrary<Setup> = setupSpec.map(buildSetup);
export const seedArb = fc.integer({ min: 0, max: 0x7fffffff });

// ---------------------------------------------------------------------------------------------
// Random commands

/** Malformed input the engine must answer with a rejection (never an XState special event). */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.boolean(),
  fc.string({ maxLength: 8 }),
  fc.constant([]),
  fc.constant({}),
  fc.constantFrom('__proto__', 'constructor', 'toString', '', ' ', 'x'.repeat(65), 'ghost', 'alice', 'bob'),
);

/** True for an object whose `type` XState itself would act on (not a string, or `xstate.*`). */
export function isXStateSpecial(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const type = (value as { type?: unknown }).type;
  return type !== undefined && (typeof type !== 'string' || type.startsWith('xstate.'));
}

export const garbage: fc.Arbitrary<unknown> = fc.oneof(
  junk,
  fc.array(junk, { maxLength: 3 }),
  fc.constantFrom('endTurn', 'report'),
  fc.record({
    type: fc.constantFrom('teleport', 'Report', 'EndTurn', 'end turn', '*', '', 'toString', '__proto__'),
    player: fc.constantFrom('alice', 'bob'),
  }),
  fc.record(
    {
      type: fc.constantFrom(...COMMAND_TYPES),
      player: fc.oneof(fc.constantFrom('alice', 'bob', 'carol'), junk),
      card: fc.oneof(fc.constantFrom('card-0', 'ship-0', 'ghost'), junk),
      to: fc.oneof(fc.constant({ aboard: 'ship-0' }), fc.constant({ planet: 'loc-0' }), junk),
      by: fc.oneof(fc.constant('Some Card'), junk),
    },
    { requiredKeys: ['type'] },
  ),
  fc.anything({ maxDepth: 2 }).filter((value) => !isXStateSpecial(value)),
);

/** A command that XState would treat as one of its own events, or cannot treat as an event at all. */
export const xstateSpecial: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({
    type: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant({}), fc.constant(['endTurn'])),
    player: fc.constantFrom('alice', 'bob'),
  }),
  fc.record({ type: fc.constantFrom('xstate.stop', 'xstate.init') }),
  fc
    .constantFrom('card-0', 'hologram:card-0', 'ghost', '')
    .map((id) => ({ type: `xstate.done.actor.${id}` })),
);

interface Args {
  readonly type: number;
  readonly player: number;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly flag: boolean;
}

export type Step =
  /** One of `legalCommands(turn player)`. */
  | { readonly kind: 'legal'; readonly pick: number }
  /** Several legal commands in a row (a battle takes many: passes, decisions...). */
  | { readonly kind: 'run'; readonly pick: number; readonly count: number }
  /** A card effect (kill, destroy, discard, leave, capture, select, addHoloIcon) on random cards. */
  | ({ readonly kind: 'effect' } & Args)
  /** A turn action with random cards and players. */
  | ({ readonly kind: 'action' } & Args)
  /** A legal command with one field deleted, changed to junk, or added. */
  | {
      readonly kind: 'mutant';
      readonly pick: number;
      readonly op: number;
      readonly key: number;
      readonly value: unknown;
    }
  | { readonly kind: 'garbage'; readonly value: unknown };

/** A number to pick with (a card, a command, a probe...), wrapping around what it picks from. */
export const nat = fc.nat({ max: 1000 });
const args = { type: nat, player: nat, a: nat, b: nat, c: nat, flag: fc.boolean() };

export interface Mix {
  readonly legal: number;
  readonly run: number;
  readonly effect: number;
  readonly action: number;
  readonly mutant: number;
  readonly garbage: number;
}

export function stepArb(mix: Mix, extra?: fc.Arbitrary<unknown>): fc.Arbitrary<Step> {
  const garbageValues = extra ? fc.oneof(garbage, extra) : garbage;
  return fc.oneof(
    { weight: mix.legal, arbitrary: fc.record({ kind: fc.constant('legal' as const), pick: nat }) },
    {
      weight: mix.run,
      arbitrary: fc.record({
        kind: fc.constant('run' as const),
        pick: nat,
        count: fc.integer({ min: 2, max: 12 }),
      }),
    },
    { weight: mix.effect, arbitrary: fc.record({ kind: fc.constant('effect' as const), ...args }) },
    { weight: mix.action, arbitrary: fc.record({ kind: fc.constant('action' as const), ...args }) },
    {
      weight: mix.mutant,
      arbitrary: fc.record({
        kind: fc.constant('mutant' as const),
        pick: nat,
        op: nat,
        key: nat,
        value: junk,
      }),
    },
    {
      weight: mix.garbage,
      arbitrary: fc.record({ kind: fc.constant('garbage' as const), value: garbageValues }),
    },
  );
}

export const PLAY: Mix = { legal: 12, run: 2, effect: 8, action: 3, mutant: 1, garbage: 1 };
export const NOISY: Mix = { legal: 6, run: 1, effect: 5, action: 5, mutant: 3, garbage: 3 };

export const steps = (mix: Mix, maxLength = 30, extra?: fc.Arbitrary<unknown>) =>
  fc.array(stepArb(mix, extra), { minLength: 1, maxLength });

/** The ids a game's commands pick from (the cards never change, so these are fixed for a game). */
export interface Pools {
  readonly cards: readonly string[];
  readonly hosts: readonly string[];
  readonly emitters: readonly string[];
  readonly locations: readonly string[];
}

export function poolsOf(setup: Setup): Pools {
  return {
    cards: setup.cards.map((card) => card.id),
    hosts: setup.cards.filter((card) => isHostType(card.card)).map((card) => card.id),
    emitters: setup.cards.filter((card) => card.card === 'Mobile Holo-Emitter').map((card) => card.id),
    locations: setup.locations.map((location) => location.id),
  };
}

/** The host effects, as the engine lists them. */
export const EFFECT_TYPES = HOST_EFFECT_TYPES;
export const ACTION_TYPES = [
  'report',
  'move',
  'wearEmitter',
  'removeEmitter',
  'activate',
  'changeAffiliation',
  'moveShip',
  'attack',
  'pass',
  'respond',
  'decide',
  'endTurn',
] as const;

type Card = Board['cards'][string];
const inPlay = (card: Card) => card.at.in !== 'hand' && card.at.in !== 'discard';

/** The location a card is at, through what it is aboard or worn by (none for a held card). */
function locationOf(board: Board, id: string): string | undefined {
  const where = board.cards[id]?.at;
  if (where === undefined) return undefined;
  if (where.in === 'space' || where.in === 'planet') return where.location;
  if (where.in === 'captured') return where.host !== null ? locationOf(board, where.host) : where.location;
  if (where.in === 'aboard') return locationOf(board, where.host);
  if (where.in === 'worn') return locationOf(board, where.by);
  return undefined;
}

/**
 * One of the legal commands of either player (the turn player's, or in a battle the awaited player's):
 * a kind of command first, so that moves do not crowd out the rest.
 */
/** What the generators read of a game: a game over the statecharts, or the kernel at its position. */
export type Playable = Pick<Game, 'board' | 'legalCommands'>;

export function pickLegal(game: Playable, pick: number): unknown {
  const turn = game.board().turn.player;
  const legal = PLAYERS.flatMap((player) => game.legalCommands(player));
  // Every other kind of command twice as often as ending the turn.
  const types = [...new Set(legal.map((command) => command.type))].flatMap((type) =>
    type === 'endTurn' ? [type] : [type, type],
  );
  const type = at(types, pick, 'endTurn');
  const ofType = legal.filter((command) => command.type === type);
  return at(ofType, Math.floor(pick / Math.max(types.length, 1)), { type: 'endTurn', player: turn });
}

/** The command a step stands for, in this game now. */
export function commandFor(game: Playable, pools: Pools, step: Step): unknown {
  const board = game.board();
  const turn = board.turn.player;
  const card = (n: number) => (n % 23 === 22 ? 'ghost' : at(pools.cards, n, 'ghost'));
  const host = (n: number) => (n % 13 === 12 ? card(n) : at(pools.hosts, n, 'ghost'));
  const location = (n: number) => (n % 13 === 12 ? 'nowhere' : at(pools.locations, n, 'nowhere'));
  const emitter = (n: number, flag: boolean) => (flag ? at(pools.emitters, n, card(n)) : card(n));
  const by = 'Some Card';
  switch (step.kind) {
    case 'legal':
    case 'run':
      return pickLegal(game, step.pick);
    case 'garbage':
      return step.value;
    case 'mutant': {
      const base = { ...(pickLegal(game, step.pick) as Record<string, unknown>) };
      const keys = Object.keys(base).filter((key) => key !== 'type');
      const key = at(keys, step.key, 'player');
      if (step.op % 3 === 0) delete base[key];
      else if (step.op % 3 === 1) base[key] = step.value;
      else base.extra = step.value;
      return base;
    }
    case 'effect': {
      const type = EFFECT_TYPES[step.type % EFFECT_TYPES.length]!;
      // Mostly a card the effect applies to, now and then any card at all.
      const choose = (n: number, wanted: (card: Card) => boolean) =>
        n % 9 === 8
          ? card(n)
          : at(
              pools.cards.filter((id) => wanted(board.cards[id]!)),
              n,
              card(n),
            );
      const personnel = (c: Card) => inPlay(c) && typeOf(c.card) === 'Personnel';
      const played = (c: Card) => inPlay(c) && !isPersonnelOrEquipment(c.card) && !isHostType(c.card);
      const someone = step.player % 10 === 9 ? 'carol' : PLAYERS[step.player % 2]!;
      switch (type) {
        case 'kill':
          return { type, player: someone, card: choose(step.a, personnel), by };
        case 'destroy':
          return {
            type,
            player: someone,
            card: choose(step.a, (c) => inPlay(c) && (isHostType(c.card) || typeOf(c.card) === 'Equipment')),
            by,
          };
        case 'discard':
          return { type, player: someone, card: choose(step.a, step.flag ? played : inPlay), by };
        case 'leave': {
          const where = (c: Card) => c.at.in === 'aboard' || c.at.in === 'planet';
          const target = choose(
            step.a,
            step.c % 2 ? (c) => where(c) && isHolographicCard(board, c.id) : where,
          );
          const to = [
            { aboard: host(step.b) },
            { planet: location(step.b) },
            { held: step.flag ? choose(step.b, played) : card(step.b) },
          ][step.c % 3];
          return { type, player: someone, card: target, by, to };
        }
        case 'capture': {
          const target = choose(step.a, (c) => personnel(c) && c.at.in !== 'captured');
          const owner = board.cards[target]?.owner;
          const captor = step.flag && owner ? (owner === 'alice' ? 'bob' : 'alice') : someone;
          // Mostly one of the captor's ships or facilities at the captive's location, if it has one.
          const here = locationOf(board, target);
          const captorHosts = pools.hosts.filter((id) => {
            const ship = board.cards[id]!;
            return ship.owner === captor && ship.at.in === 'space' && ship.at.location === here;
          });
          const to = step.c % 4 === 3 ? host(step.b) : at(captorHosts, step.b, host(step.b));
          return { type, player: captor, card: target, by, ...(step.c % 3 ? { to: { aboard: to } } : {}) };
        }
        case 'select': {
          const among = [choose(step.a, personnel), choose(step.b, personnel)];
          const unique = step.c % 7 === 6 ? among : [...new Set(among)];
          const purpose = step.c % 2 ? 'assimilation' : 'abduction';
          const pick = step.flag ? { pick: at(unique, step.c, among[0]!) } : {};
          return { type, player: someone, purpose, among: unique, by, ...pick };
        }
        default: {
          // addHoloIcon
          const target = choose(step.a, (c) => personnel(c) && !isHolographicCard(board, c.id));
          const owner = board.cards[target]?.owner;
          return { type, player: step.flag && owner ? owner : someone, card: target, by };
        }
      }
    }
    case 'action': {
      const type = ACTION_TYPES[step.type % ACTION_TYPES.length]!;
      const other = turn === 'alice' ? 'bob' : 'alice';
      const who = step.player % 4 === 3 ? other : turn;
      switch (type) {
        case 'report':
          return { type, player: who, card: card(step.a), to: { aboard: host(step.b) } };
        case 'move': {
          const cards = step.flag ? [card(step.a), card(step.b)] : [card(step.a)];
          const to = step.c % 2 ? { aboard: host(step.c) } : { planet: location(step.c) };
          return { type, player: who, cards, to };
        }
        case 'wearEmitter':
          return { type, player: who, emitter: emitter(step.a, step.flag), hologram: card(step.b) };
        case 'removeEmitter':
          return { type, player: who, emitter: emitter(step.a, step.flag) };
        case 'activate':
          return { type, player: who, hologram: card(step.a), by: card(step.b) };
        case 'changeAffiliation':
          return { type, player: who, card: card(step.a), to: at(AFFILIATIONS, step.b, 'Bajoran') };
        case 'moveShip': {
          // Mostly one of the player's own ships.
          const own = pools.hosts.filter((id) => board.cards[id]!.owner === who && !step.flag);
          return { type, player: who, ship: at(own, step.a, host(step.a)), to: location(step.b) };
        }
        case 'attack': {
          const place = (n: number) => (n % 2 ? { aboard: host(n) } : { planet: location(n) });
          return { type, player: who, attackers: place(step.a), defenders: place(step.b) };
        }
        case 'respond': {
          const beam = step.flag ? { personnel: [card(step.b)], to: { aboard: host(step.c) } } : {};
          return { type, player: who, card: card(step.a), ...beam };
        }
        case 'decide':
          return { type, player: who, outcome: at(['stun', 'mortally-wound', 'none'], step.b, 'none') };
        default:
          return { type, player: who };
      }
    }
  }
}

/**
 * Plays the steps on a new game, calling `check` after each command. A failure reports the commands
 * sent so far, so that it can be replayed by hand.
 */
export function play(
  setup: Setup,
  seed: number,
  plan: readonly Step[],
  check: (turn: { game: Game; step: Step; command: unknown; result: CommandResult; before: Board }) => void,
  start?: (game: Game) => void,
): { game: Game; sent: unknown[] } {
  const game = newGame(setup, seed);
  const pools = poolsOf(setup);
  const sent: unknown[] = [];
  try {
    start?.(game);
    for (const planned of plan) {
      const runs = planned.kind === 'run' ? planned.count : 1;
      for (let i = 0; i < runs; i++) {
        const step = planned.kind === 'run' ? { ...planned, pick: planned.pick + 7 * i } : planned;
        const command = commandFor(game, pools, step);
        sent.push(command);
        const before = game.board();
        const result = sendAny(game, command);
        check({ game, step, command, result, before });
      }
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n  seed ${seed}, commands sent: ${JSON.stringify(sent)}`);
  }
  return { game, sent };
}

/** A game whose actor errors, if it ever does, are the test's to report (not an unhandled error). */
export function newGame(setup: Setup, seed: number): Game {
  const game = createGame(setup, { seed });
  game.actor.subscribe({ error: () => undefined });
  return game;
}

// ---------------------------------------------------------------------------------------------
// Invariants

/** Fails with every problem found, in words. */
export function noProblems(problems: readonly string[]): void {
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/** Everything wrong with where the cards are: each position must name what exists. */
export function positionProblems(board: Board): string[] {
  const problems: string[] = [];
  const cards = board.cards;
  const has = (id: string) => Object.hasOwn(cards, id);
  const inPlay = (id: string) => has(id) && cards[id]!.at.in !== 'hand' && cards[id]!.at.in !== 'discard';
  const isLocation = (id: string) => Object.hasOwn(board.locations, id);
  const isHostInSpace = (id: string) =>
    has(id) && isHostType(cards[id]!.card) && cards[id]!.at.in === 'space';
  const orders = new Set<number>();
  for (const [key, card] of Object.entries(cards)) {
    const need = (ok: boolean, what: string) => {
      if (!ok) problems.push(`${key} (${card.card}) at ${JSON.stringify(card.at)}: ${what}`);
    };
    need(card.id === key, `its id is ${card.id}`);
    need(board.players.includes(card.owner), 'its owner is no player');
    const where = card.at;
    switch (where.in) {
      case 'hand':
      case 'table':
        break;
      case 'space':
        need(isLocation(where.location), 'no such location');
        need(isHostType(card.card), 'only ships and facilities are in space');
        break;
      case 'planet':
        need(isLocation(where.location), 'no such location');
        need(isPersonnelOrEquipment(card.card), 'only personnel and equipment are on a planet');
        break;
      case 'aboard':
        need(isHostInSpace(where.host), 'the host is not a ship or facility in play');
        need(isPersonnelOrEquipment(card.card), 'only personnel and equipment are aboard');
        break;
      case 'worn':
        need(inPlay(where.by), 'the wearer is not in play');
        need(has(where.by) && typeOf(cards[where.by]!.card) === 'Personnel', 'the wearer is not a personnel');
        need(card.card === 'Mobile Holo-Emitter', 'only an emitter is worn');
        break;
      case 'played-on':
        need(inPlay(where.target) || isLocation(where.target), 'played on nothing in play');
        break;
      case 'held':
        need(inPlay(where.by), 'the holder is not in play');
        break;
      case 'captured':
        need(board.players.includes(where.by) && where.by !== card.owner, 'the captor is not the opponent');
        if (where.host === null) need(isLocation(where.location), 'no such location');
        if (where.host !== null) {
          need(isHostInSpace(where.host), 'the captor ship is not a ship or facility in play');
          need(has(where.host) && cards[where.host]!.owner === where.by, "the host is not the captor's");
          // A captive aboard a ship is where the ship is: it stores no location of its own to go stale.
          need(where.location === null, `a captive aboard a ship also names a location (${where.location})`);
        }
        break;
      case 'discard':
        need(where.order >= 0 && where.order < board.nextDiscard, 'discard order out of range');
        need(!orders.has(where.order), 'two cards share a discard order');
        orders.add(where.order);
        break;
    }
    // Following what a card is on (aboard, worn by, held by...) ends somewhere: no card is on itself.
    const seen = new Set<string>([key]);
    let next = onWhat(card.at);
    while (next !== undefined && has(next)) {
      if (seen.has(next)) {
        need(false, `it is (through ${[...seen].join(' -> ')}) on itself`);
        break;
      }
      seen.add(next);
      next = onWhat(cards[next]!.at);
    }
  }
  return problems;
}

/** The card a position puts a card on, if any. */
function onWhat(where: Board['cards'][string]['at']): string | undefined {
  switch (where.in) {
    case 'aboard':
      return where.host;
    case 'worn':
    case 'held':
      return where.by;
    case 'played-on':
      return where.target;
    case 'captured':
      return where.host ?? undefined;
    default:
      return undefined;
  }
}

/** True for a card with the Holo icon, printed or added. */
export const isHolographicCard = (board: Board, id: string) => {
  const card = board.cards[id]!;
  return PRINTED_HOLO.has(card.card) || card.addedIcons.includes('Holo');
};

// ---------------------------------------------------------------------------------------------
// Random battles: Away Teams on a planet with Holo-Projectors, battle cards in play and in hand

/** Personnel a side may field: plain fighters, holograms, and the personnel the battle cards name. */
const BATTLE_PERSONNEL = [
  'Fighter 3',
  'Fighter 5',
  'Fighter 8',
  'Fighter 10',
  'Fighter 16',
  'Holo Fighter 5',
  'Holo Fighter 9',
  'Data',
  'The Doctor',
  "Fek'lhr",
  'Shakaar Edon',
] as const;
const HOLO_PERSONNEL: ReadonlySet<string> = new Set([
  'Holo Fighter 5',
  'Holo Fighter 9',
  'The Doctor',
  "Fek'lhr",
]);
/** Equipment on the planet with a side. */
const BATTLE_EQUIPMENT = ['Starfleet Type II Phaser', 'Klingon Disruptor', "'45 Dom Perignon"] as const;
/** Response cards in hand. */
const BATTLE_HAND = [
  'Vulcan Nerve Pinch',
  'Android Headlock',
  'Emergency Transporter Armbands',
  "D'k Tahg",
  'Hirogen Talon',
] as const;

interface SideSpec {
  readonly personnel: ReadonlyArray<{ readonly kind: number; readonly status: string }>;
  readonly equipment: readonly number[];
  readonly hand: readonly number[];
}

export interface BattleSpec {
  readonly alice: SideSpec;
  readonly bob: SideSpec;
  readonly turn: 0 | 1;
  readonly lowerDecks: boolean;
}

const sideArb: fc.Arbitrary<SideSpec> = fc.record({
  personnel: fc.array(
    fc.record({
      kind: fc.nat({ max: BATTLE_PERSONNEL.length - 1 }),
      status: fc.constantFrom('none', 'none', 'none', 'none', 'stunned', 'disabled', 'stopped'),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  equipment: fc.array(fc.nat({ max: BATTLE_EQUIPMENT.length - 1 }), { maxLength: 2 }),
  hand: fc.array(fc.nat({ max: BATTLE_HAND.length - 1 }), { maxLength: 3 }),
});

export const battleSpecArb: fc.Arbitrary<BattleSpec> = fc.record({
  alice: sideArb,
  bob: sideArb,
  turn: fc.constantFrom(0 as const, 1 as const),
  lowerDecks: fc.boolean(),
});

/** Ligos VII with Holo-Projectors, Alice's U.S.S. Enterprise and Bob's Husnock Ship in orbit, both Away Teams on the planet. */
export function battleSetup(spec: BattleSpec): Setup {
  const cards: Setup['cards'] = [
    { id: 'projectors', card: 'Holo-Projectors', owner: 'alice', at: { playedOn: 'ligos' } },
    { id: 'enterprise', card: 'U.S.S. Enterprise', owner: 'alice', at: { space: 'ligos' } },
    { id: 'husnock', card: 'Husnock Ship', owner: 'bob', at: { space: 'ligos' } },
  ];
  if (spec.lowerDecks) cards.push({ id: 'lower-decks', card: 'Lower Decks', owner: 'alice', at: 'table' });
  for (const owner of PLAYERS) {
    const side = spec[owner];
    side.personnel.forEach(({ kind, status }, i) => {
      const card = BATTLE_PERSONNEL[kind]!;
      cards.push({
        id: `${owner}-p${i}`,
        card,
        owner,
        at: { planet: 'ligos' },
        ...(HOLO_PERSONNEL.has(card) ? { hologram: 'active' as const } : {}),
        ...(status === 'none' ? {} : { status: { [status]: true } }),
      });
    });
    side.equipment.forEach((kind, i) => {
      const card = BATTLE_EQUIPMENT[kind]!;
      cards.push({
        id: `${owner}-e${i}`,
        card,
        owner,
        at: { planet: 'ligos' },
        ...(card === "'45 Dom Perignon" ? { hologram: 'active' as const } : {}),
      });
    });
    side.hand.forEach((kind, i) => {
      cards.push({ id: `${owner}-h${i}`, card: BATTLE_HAND[kind]!, owner, at: 'hand' });
    });
  }
  return {
    players: ['alice', 'bob'],
    turn: { player: PLAYERS[spec.turn], number: 3 },
    locations: [{ id: 'ligos', name: 'Ligos VII' }],
    cardDefinitions: [...FIGHTERS, ...HOLO_FIGHTERS],
    cards,
  };
}

/** The turn player's Away Team attacks the other's, on the planet (BATTLE-1). */
export const attackOnPlanet = (setup: Setup): Command => ({
  type: 'attack',
  player: setup.turn?.player ?? 'alice',
  attackers: { planet: 'ligos' },
  defenders: { planet: 'ligos' },
});

/**
 * One of the commands the rules allow now, chosen by `pick`: in a battle, of the player it awaits
 * (passes, responses, decisions); otherwise of the turn player. Undefined if there is none.
 */
export function legalNow(game: Game, pick: number): Command | undefined {
  const player = game.awaiting()?.player ?? game.board().turn.player;
  const legal = game.legalCommands(player);
  return legal.length > 0 ? legal[pick % legal.length] : undefined;
}

/** Where a battle stands, as a save point: which window is open, or that a decision is awaited. */
export function battleMoment(game: Game): string {
  const awaiting = game.awaiting();
  if (!awaiting) return game.battle() ? `battle at ${game.battle()!.step}` : 'no battle';
  return awaiting.for === 'response' ? `window ${awaiting.window}` : 'decision';
}
