import { type GameInput, type HologramSeed, markCheckedInput } from '../../machines/game.machine.ts';
import { CardLibrary, CardLibraryError } from '../cards/library.ts';
import { ROGUE_BORG } from '../model/battle.ts';
import type { Board, CardId, CardInstance, Location, Position } from '../model/board.ts';
import { NO_STATUSES, type Statuses } from '../model/board.ts';
import { type CardDefinitionInput, cardDefinitionSchema } from '../model/card-definition.ts';
import type { ClauseId } from '../model/clauses.ts';
import { deepFreeze } from '../model/freeze.ts';
import { copyPlain, MAX_JSON_DEPTH, safeText } from '../model/plain.ts';
import { type SetupCard, type SetupPosition, setupSchema } from '../model/setup.ts';
import * as z from '../model/zod.ts';
import { isRogueBorg } from '../rules/battle/strength.ts';
import {
  hasEffect,
  isHolographic,
  isMobileEmitter,
  isPersonnel,
  isPersonnelOrEquipment,
  isShipOrFacility,
} from '../rules/cards.ts';
import { existenceOf } from '../rules/holograms.ts';
import { seedRandom } from '../rules/random.ts';
import type { HologramView, Table } from '../rules/table.ts';
import { cycleInWords, placementCycle } from './board-checks.ts';
import { checkedOptions } from './options.ts';

const cardDefinitionList = z.array(cardDefinitionSchema).check(z.maxLength(2000));

/** A setup that cannot start a game: malformed, naming what does not exist, or breaking a rule. */
export class SetupError extends Error {
  override readonly name = 'SetupError';
  constructor(
    message: string,
    /** Where in the setup (`cards.3.at.aboard`). */
    readonly path: string,
    /** The clause a setup breaks, when it breaks a rule rather than the format. */
    readonly clause: ClauseId = 'GAME-INPUT-1',
  ) {
    super(`${path}: ${message}`);
  }
}

function toPosition(at: SetupPosition, order: () => number): Position {
  if (at === 'hand' || at === 'table') return { in: at };
  if (at === 'discard') return { in: 'discard', order: order() };
  // Captives first: their position may also name a ship (`aboard`).
  if ('capturedBy' in at)
    return 'aboard' in at
      ? { in: 'captured', by: at.capturedBy, host: at.aboard, location: null }
      : { in: 'captured', by: at.capturedBy, host: null, location: at.location };
  if ('space' in at) return { in: 'space', location: at.space };
  if ('aboard' in at) return { in: 'aboard', host: at.aboard };
  if ('planet' in at) return { in: 'planet', location: at.planet };
  if ('wornBy' in at) return { in: 'worn', by: at.wornBy };
  if ('playedOn' in at) return { in: 'played-on', target: at.playedOn };
  return { in: 'held', by: at.heldBy };
}

/**
 * Turns a setup (plain JSON) into the game actor's input: validated by the schema, every id checked,
 * and the holograms checked against the rules (an active hologram where it may not be active is an
 * error, not something to fix silently).
 */
export function gameInputFromSetup(
  input: unknown,
  seed: number,
  extraCards: readonly unknown[] = [],
): GameInput {
  const parsed = setupSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SetupError(
      safeText(issue.message, 200),
      issue.path.length ? safeText(issue.path.join('.'), 120) : '(setup)',
    );
  }
  const setup = parsed.data;
  let library: CardLibrary;
  let customCards: CardDefinitionInput[];
  try {
    // Each list is checked under its own name; the setup's definitions come last and win a name both use.
    const extra = cardDefinitionList.safeParse(extraCards);
    if (!extra.success) {
      const issue = extra.error.issues[0]!;
      throw new CardLibraryError(
        safeText(issue.message, 200),
        safeText(['cards', ...issue.path].join('.'), 120),
      );
    }
    library = CardLibrary.builtIn()
      .withDefinitions(extra.data, 'cards')
      .withDefinitions(setup.cardDefinitions ?? [], 'cardDefinitions');
    const byName = new Map(
      [...extra.data, ...(setup.cardDefinitions ?? [])].map((card) => [card.name, card]),
    );
    customCards = [...byName.values()];
  } catch (error) {
    if (error instanceof CardLibraryError) {
      // The library's message starts with the path; the SetupError puts it there once.
      throw new SetupError(error.message.replace(`${error.path}: `, ''), error.path);
    }
    throw error;
  }

  const [first, second] = setup.players;
  if (first === second) throw new SetupError('the two players need different ids', 'players.1');
  // The Rogue Borg's side (BATTLE-0) goes by this id in battles and decisions: no player may take it.
  for (const [i, player] of [first, second].entries()) {
    if (player === ROGUE_BORG)
      throw new SetupError(`"${ROGUE_BORG}" is the Rogue Borg's, not a player's id`, `players.${i}`);
  }
  const players = new Set(setup.players);
  const turn = setup.turn ?? { player: first, number: 1 };
  if (!players.has(turn.player)) throw new SetupError(`no player "${turn.player}"`, 'turn.player');

  const ids = new Set<string>();
  const locations: Record<string, Location> = {};
  setup.locations.forEach((location, i) => {
    if (ids.has(location.id)) throw new SetupError(`id "${location.id}" is used twice`, `locations.${i}.id`);
    ids.add(location.id);
    locations[location.id] = { id: location.id, name: location.name ?? location.id };
  });

  let nextDiscard = 0;
  const cards: Record<CardId, CardInstance> = {};
  setup.cards.forEach((card, i) => {
    const path = `cards.${i}`;
    if (ids.has(card.id)) throw new SetupError(`id "${card.id}" is used twice`, `${path}.id`);
    ids.add(card.id);
    if (!library.has(card.card))
      throw new SetupError(`unknown card "${card.card}": not in the card library`, `${path}.card`);
    if (!players.has(card.owner)) throw new SetupError(`no player "${card.owner}"`, `${path}.owner`);
    const definition = library.get(card.card);
    if (card.affiliation !== undefined && !definition.affiliations.includes(card.affiliation)) {
      throw new SetupError(
        `${card.card} may be ${definition.affiliations.join(' or ') || 'of no affiliation'}`,
        `${path}.affiliation`,
      );
    }
    if (card.status?.stunned && card.status.mortallyWounded) {
      throw new SetupError('a card is stunned or mortally wounded, not both', `${path}.status`, 'BATTLE-4b');
    }
    cards[card.id] = {
      id: card.id,
      card: card.card,
      owner: card.owner,
      at: toPosition(card.at, () => nextDiscard++),
      status: statusesOf(card.status),
      addedIcons: card.addedIcons ?? [],
      affiliationMode:
        definition.affiliations.length > 1 ? (card.affiliation ?? definition.affiliations[0]!) : null,
    };
  });

  // Copied once more as a whole: a record built key by key is kept by V8 as a slow dictionary, and every
  // command that changes a card copies it (a spread of a dictionary costs tens of times one of a record).
  const board: Board = { players: [first, second], turn, locations, cards: { ...cards }, nextDiscard };
  // Before any rule follows a chain of placements (where a card is, who is present): a card worn by,
  // held by or aboard itself, directly or through others, built in or the client's own, is refused.
  const cycle = placementCycle(board);
  if (cycle) {
    const index = setup.cards.findIndex((card) => card.id === cycle[0]);
    throw new SetupError(cycleInWords(cycle), `cards.${index}.at`);
  }
  const seeds = new Map<CardId, HologramSeed>();
  const table: Table = {
    board,
    library,
    hologram: (id): HologramView | undefined => {
      const seed = seeds.get(id);
      return seed && { state: seed.initial, deactivatedOnTurn: seed.deactivatedOnTurn };
    },
    battle: () => undefined,
    step: 0,
  };
  setup.cards.forEach((card, i) => {
    checkPlacement(table, card, `cards.${i}`);
  });
  setup.cards.forEach((card, i) => {
    const path = `cards.${i}`;
    const inPlay = card.at !== 'hand' && card.at !== 'discard';
    if (!isHolographic(table, card.id) || !inPlay || !isPersonnelOrEquipment(table, card.id)) {
      if (card.hologram !== undefined || card.deactivatedOnTurn !== undefined) {
        throw new SetupError(
          'only a Holo personnel or equipment in play has a hologram state',
          `${path}.hologram`,
        );
      }
      return;
    }
    const initial = card.hologram ?? 'deactivated';
    if (initial === 'active' && card.deactivatedOnTurn !== undefined) {
      throw new SetupError('an active hologram has no deactivation turn', `${path}.deactivatedOnTurn`);
    }
    // HOLO-ACT-3 reads it against the turns to come: a turn not yet played would hold it deactivated.
    const turn = table.board.turn.number;
    if (card.deactivatedOnTurn !== undefined && card.deactivatedOnTurn > turn) {
      throw new SetupError(
        `a hologram deactivated on turn ${card.deactivatedOnTurn}, a turn to come (the game starts at turn ${turn})`,
        `${path}.deactivatedOnTurn`,
      );
    }
    seeds.set(card.id, {
      card: card.id,
      owner: card.owner,
      initial,
      deactivatedOnTurn: card.deactivatedOnTurn ?? null,
    });
  });
  for (const [id, seed] of seeds) {
    const existence = existenceOf(table, id);
    const path = `cards.${setup.cards.findIndex((card) => card.id === id)}`;
    if (existence.verdict === 'may-not-exist') {
      throw new SetupError(
        `${id} is a hologram where holograms may not exist`,
        `${path}.at`,
        existence.clause,
      );
    }
    if (existence.verdict === 'deactivated' && seed.initial === 'active') {
      throw new SetupError(
        `${id} may not be active aboard with no Holodeck it may use`,
        `${path}.hologram`,
        existence.clause,
      );
    }
  }
  return markCheckedInput({
    board: deepFreeze(board),
    customCards,
    random: seedRandom(seed),
    holograms: [...seeds.values()],
  });
}

/** What a game starts from, besides its setup. */
export interface GameInputOptions {
  /** Seeds every random choice (a whole number from 0 to 2^32 - 1; default 1). */
  readonly seed?: number;
  /** The client's own card definitions, added to the built-in library for this game. */
  readonly cards?: readonly unknown[];
}

/** A seed checked, or a SetupError. */
export function checkedSeed(seed: unknown = 1): number {
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed) || seed < 0 || seed > 0xffff_ffff) {
    throw new SetupError('a seed is a whole number from 0 to 4294967295', 'seed');
  }
  return seed;
}

/** A setup (or list of cards) copied by value as plain data, or a SetupError saying why it is not. */
export function plainSetupData(value: unknown, path: string): unknown {
  const copy = copyPlain(value, { maxDepth: MAX_JSON_DEPTH });
  if (!copy.ok) throw new SetupError(`not plain JSON data: ${copy.why}`, path);
  return copy.value;
}

/**
 * The game machine's input, for clients that run the statechart themselves with XState's own API:
 * `createActor(gameMachine, { input: gameInput(setup, { seed }) }).start()`. Checks the setup as
 * `createGame` does (throws `SetupError`); the machine refuses any input not made here.
 */
export function gameInput(setup: unknown, given: GameInputOptions = {}): GameInput {
  const options = checkedOptions(given, 'gameInput', ['seed', 'cards']);
  const seed = checkedSeed(options.seed);
  return gameInputFromSetup(
    plainSetupData(setup, '(setup)'),
    seed,
    plainSetupData(options.cards ?? [], 'cards') as unknown[],
  );
}

/** Personnel and equipment stand aboard or on planets; so do Rogue Borg (BATTLE-0). */
function standsOnBoard(table: Table, id: string): boolean {
  return isPersonnelOrEquipment(table, id) || isRogueBorg(table, id);
}

/** Every id a position names exists, and is the right kind of card for it. */
function checkPlacement(table: Table, card: SetupCard, path: string): void {
  const at = table.board.cards[card.id]!.at;
  const cards = table.board.cards;
  const need = (ok: boolean, message: string, field: string) => {
    if (!ok) throw new SetupError(message, `${path}.at.${field}`);
  };
  // Personnel, equipment, ships and facilities stand on the board; events and the like are played.
  const onTheBoard = (id: string) => standsOnBoard(table, id) || isShipOrFacility(table, id);
  const inPlay = (id: string) => Object.hasOwn(cards, id) && !['hand', 'discard'].includes(cards[id]!.at.in);
  const isHost = (id: string) =>
    Object.hasOwn(cards, id) && isShipOrFacility(table, id) && cards[id]!.at.in === 'space';
  switch (at.in) {
    case 'space':
      need(Object.hasOwn(table.board.locations, at.location), `no location "${at.location}"`, 'space');
      need(isShipOrFacility(table, card.id), `${card.card} is not a ship or facility`, 'space');
      break;
    case 'aboard':
      need(isHost(at.host), `"${at.host}" is not a ship or facility in space`, 'aboard');
      need(
        standsOnBoard(table, card.id),
        `${card.card} is not a personnel, equipment or Rogue Borg`,
        'aboard',
      );
      break;
    case 'planet':
      need(Object.hasOwn(table.board.locations, at.location), `no location "${at.location}"`, 'planet');
      need(
        standsOnBoard(table, card.id),
        `${card.card} is not a personnel, equipment or Rogue Borg`,
        'planet',
      );
      break;
    case 'worn':
      need(isMobileEmitter(table, card.id), `${card.card} is not a Mobile Holo-Emitter`, 'wornBy');
      need(
        Object.hasOwn(cards, at.by) &&
          isPersonnel(table, at.by) &&
          isHolographic(table, at.by) &&
          cards[at.by]!.owner === card.owner,
        `"${at.by}" is not one of ${card.owner}'s Holo personnel`,
        'wornBy',
      );
      need(
        // Emitters only: another card worn is refused as no emitter, where it is read.
        Object.values(cards).filter(
          (other) => other.at.in === 'worn' && other.at.by === at.by && isMobileEmitter(table, other.id),
        ).length === 1,
        `"${at.by}" wears more than one emitter`,
        'wornBy',
      );
      need(inPlay(at.by), `"${at.by}" is not in play`, 'wornBy');
      break;
    case 'played-on':
      need(
        Object.hasOwn(table.board.locations, at.target) || isHost(at.target),
        `"${at.target}" is neither a location nor a ship or facility in space`,
        'playedOn',
      );
      need(!onTheBoard(card.id), `${card.card} is not a card that is played on another`, 'playedOn');
      break;
    case 'table':
      need(!onTheBoard(card.id), `${card.card} is not a card that is played on the table`, 'table');
      break;
    case 'held':
      need(
        Object.hasOwn(cards, at.by) && hasEffect(table, at.by, 'holds-personnel') && inPlay(at.by),
        `"${at.by}" is not a card in play that holds personnel (a Penalty Box, an Escape Pod)`,
        'heldBy',
      );
      need(isPersonnelOrEquipment(table, card.id), `${card.card} is not a personnel or equipment`, 'heldBy');
      break;
    case 'captured':
      need(
        table.board.players.includes(at.by) && at.by !== card.owner,
        `"${at.by}" is not ${card.owner}'s opponent`,
        'capturedBy',
      );
      need(isPersonnel(table, card.id), `${card.card} is not a personnel`, 'capturedBy');
      if (at.host !== null) {
        need(
          isHost(at.host) && cards[at.host]!.owner === at.by,
          `"${at.host}" is not ${at.by}'s ship or facility`,
          'aboard',
        );
      } else {
        need(Object.hasOwn(table.board.locations, at.location), `no location "${at.location}"`, 'location');
      }
      break;
    default:
      break;
  }
}

/**
 * A card's statuses from its setup: those given, the rest as NO_STATUSES. Key by key, so that a status
 * left out is never `undefined` (it type-checks under exactOptionalPropertyTypes, as clients compile).
 */
function statusesOf(
  status: { readonly [S in keyof Statuses]?: Statuses[S] | undefined } | undefined,
): Statuses {
  return {
    stopped: status?.stopped ?? NO_STATUSES.stopped,
    disabled: status?.disabled ?? NO_STATUSES.disabled,
    inStasisUntilEndOfTurn: status?.inStasisUntilEndOfTurn ?? NO_STATUSES.inStasisUntilEndOfTurn,
    stunned: status?.stunned ?? NO_STATUSES.stunned,
    mortallyWounded: status?.mortallyWounded ?? NO_STATUSES.mortallyWounded,
  };
}
