import type { Kernel } from '../kernel/kernel.ts';
import type { CardId, PlayerId } from '../model/board.ts';
import type { CommandOf, PlayerCommand } from '../model/commands.ts';
import type { Awaiting } from '../rules/awaiting.ts';
import { lostBy } from './score.ts';

/**
 * The quick rule both players follow past the bot's tree, on the kernel, to the end of the opponent's
 * next turn: in a battle, a player with a response it may play plays one about every other window
 * (the opponent answers the bot's attacks, not only passes), and takes the strongest outcome a
 * pairing allows (BATTLE-4a/b); out of one, the player whose turn it is activates its deactivated
 * holograms, beams its personnel together where that makes it the stronger, attacks where a quick
 * guess by printed STRENGTH says it wins (the opponent, half the time, where it would not: neither
 * only the careful player the bot is nor only the aggressor a greedy player is), beams a group the
 * adversary would beat up to its ship, then ends the turn. Cheap by design: a playout is worth its many repetitions, not its wisdom.
 */

/** What a search knows before it begins: the players, the personnel, the losses now, the turn. */
export interface Searching {
  readonly me: PlayerId;
  readonly opponent: PlayerId;
  readonly personnel: ReadonlySet<CardId>;
  /** Each player's personnel lost already (a playout's score counts what it adds). */
  readonly lostBefore: { readonly me: number; readonly opponent: number };
}

/** A playout's own choices: a whole number below a bound. */
export type Pick = (below: number) => number;

/** A response is played in this many windows of every 2 where one may be (in playouts). */
const RESPONDS = { in: 1, of: 2 } as const;
/** The opponent attacks where it is not the stronger this many times in every 2 (in playouts). */
const OPPONENT_ATTACKS = { in: 1, of: 2 } as const;
/** At most this many commands in a playout, whatever happens: a playout always ends. */
const MAX_COMMANDS = 400;

const STRONGEST_FIRST = ['mortally-wound', 'stun', 'none'] as const;

/** The work a playout did besides the commands it carried out: each listing of legal commands. */
export interface Work {
  listings: number;
}

/** Legal commands, counted as work (a listing costs as much as several commands). */
export function listed(kernel: Kernel, player: PlayerId, work: Work): PlayerCommand[] {
  work.listings++;
  return kernel.legalCommands(player);
}

/** A battle's awaited command by the quick rule: a response now and then, the strongest outcome. */
export function battleAnswer(kernel: Kernel, awaiting: Awaiting, pick: Pick, work: Work): PlayerCommand {
  const player = awaiting.player;
  if (awaiting.for === 'decision') {
    const outcome = STRONGEST_FIRST.find((o) => awaiting.options.includes(o)) ?? 'none';
    return { type: 'decide', player, outcome };
  }
  // A player with nothing in hand has no response to look for (the cheap case, and the common one).
  if (hasHand(kernel, player) && pick(RESPONDS.of) < RESPONDS.in) {
    const responses = listed(kernel, player, work).filter((command) => command.type !== 'pass');
    if (responses.length > 0) return responses[pick(responses.length)]!;
  }
  return { type: 'pass', player };
}

function hasHand(kernel: Kernel, player: PlayerId): boolean {
  for (const card of Object.values(kernel.board().cards))
    if (card.owner === player && card.at.in === 'hand') return true;
  return false;
}

/** Answers what a battle awaits of `player` by the quick rule, until it awaits someone else or nothing. */
export function answerFor(kernel: Kernel, player: PlayerId, pick: Pick, work: Work): void {
  for (let i = 0; i < MAX_COMMANDS; i++) {
    const awaiting = kernel.awaiting();
    if (!awaiting || awaiting.player !== player) return;
    if (!kernel.own(battleAnswer(kernel, awaiting, pick, work)).ok) return;
  }
}

/**
 * Plays on by the quick rule until the opponent has ended a turn (or, should the game stall, a
 * command cap): `attacked` says whether the turn now has had its battle; `afterEach` is told after
 * each command that may end a battle.
 */
export function playOut(
  kernel: Kernel,
  searching: Searching,
  attacked: boolean,
  pick: Pick,
  work: Work,
  afterEach: () => void,
): void {
  const { opponent } = searching;
  let hadBattle = attacked;
  for (let i = 0; i < MAX_COMMANDS; i++) {
    const awaiting = kernel.awaiting();
    if (awaiting) {
      if (!kernel.own(battleAnswer(kernel, awaiting, pick, work)).ok) return;
      afterEach();
      continue;
    }
    const player = kernel.board().turn.player;
    if (!hadBattle) {
      hadBattle = true;
      activateHolograms(kernel, player, work);
      if (attackSomewhere(kernel, searching, player, pick)) {
        afterEach();
        continue;
      }
    }
    retreat(kernel, searching, player);
    if (!kernel.own({ type: 'endTurn', player }).ok) return;
    hadBattle = false;
    if (player === opponent) return;
  }
}

/** Every deactivated hologram of the player's that the rules let it activate now, activated. */
function activateHolograms(kernel: Kernel, player: PlayerId, work: Work): void {
  let any = false;
  for (const card of Object.values(kernel.board().cards))
    if (card.owner === player && kernel.hologramState(card.id) === 'deactivated') any = true;
  if (!any) return;
  const done = new Set<CardId>();
  for (const command of listed(kernel, player, work)) {
    if (command.type !== 'activate' || done.has(command.hologram)) continue;
    if (kernel.own(command).ok) done.add(command.hologram);
  }
}

type Place = CommandOf<'attack'>['attackers'];

/** One place where the other player's personnel stand: its location, and each side's STRENGTH there. */
interface Spot {
  readonly place: Place;
  readonly location: string | undefined;
  /** The STRENGTH of the turn player's personnel there able to attack (unstopped, fit to fight). */
  readonly mine: number[];
  /** The STRENGTH of the other player's there (stopped ones defend too). */
  readonly theirs: number[];
}

/** A personnel's printed STRENGTH, or nothing when it cannot fight (deactivated, disabled, stunned...). */
function fighting(kernel: Kernel, id: CardId): number {
  const card = kernel.board().cards[id]!;
  const { status } = card;
  if (status.disabled || status.stunned || status.mortallyWounded || status.inStasisUntilEndOfTurn !== null)
    return 0;
  const hologram = kernel.hologramState(id);
  if (hologram !== undefined && hologram !== 'active') return 0;
  return kernel.table().library.get(card.card).strength ?? 0;
}

/**
 * The quick rule's guess at a battle: each side's personnel paired strongest with strongest, the
 * stronger of each pair stunning the other (BATTLE-4a), the unpaired and the stronger counting
 * (BATTLE-5). Positive when the attacker's total would be the higher. Printed STRENGTH only: a guess
 * for a playout's attack, not the odds.
 */
export function margin(mine: readonly number[], theirs: readonly number[]): number {
  const a = [...mine].sort((x, y) => y - x);
  const b = [...theirs].sort((x, y) => y - x);
  let total = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (i >= a.length || i >= b.length || x === y) total += x - y;
    else total += x > y ? x : -y;
  }
  return total;
}

/** Where a card in play stands, as a place and its location. */
function placeOf(
  kernel: Kernel,
  id: CardId,
): { key: string; place: Place; location: string | undefined } | undefined {
  const cards = kernel.board().cards;
  const at = cards[id]!.at;
  if (at.in === 'planet')
    return { key: `planet:${at.location}`, place: { planet: at.location }, location: at.location };
  if (at.in === 'aboard') {
    const host = cards[at.host]?.at;
    return {
      key: `aboard:${at.host}`,
      place: { aboard: at.host },
      location: host?.in === 'space' ? host.location : undefined,
    };
  }
  return undefined;
}

/** Each place where the other player's personnel stand, with both sides' STRENGTH there. */
function spotsFor(kernel: Kernel, searching: Searching, player: PlayerId): Map<string, Spot> {
  const spots = new Map<string, Spot>();
  const cards = kernel.board().cards;
  for (const id of searching.personnel) {
    const card = cards[id];
    if (!card || card.owner === player) continue;
    const where = placeOf(kernel, id);
    if (!where) continue;
    let spot = spots.get(where.key);
    if (!spot) {
      spot = { place: where.place, location: where.location, mine: [], theirs: [] };
      spots.set(where.key, spot);
    }
    // A disabled or stunned personnel counts for nothing, but is there to be attacked (and killed).
    spot.theirs.push(fighting(kernel, id));
  }
  for (const id of searching.personnel) {
    const card = cards[id];
    if (!card || card.owner !== player || card.status.stopped) continue;
    const where = placeOf(kernel, id);
    const spot = where && spots.get(where.key);
    const strength = spot ? fighting(kernel, id) : 0;
    if (strength > 0) spot!.mine.push(strength);
  }
  return spots;
}

/**
 * The quick rule's attack: where the player's personnel would win by the quick guess (`margin`), or
 * would once its personnel elsewhere at that location beamed there, those beamed first; then the
 * attack with the widest margin. The opponent also attacks, half the time, where it would not win (a
 * player that attacks rashly is a player too). False when no attack is played.
 */
function attackSomewhere(kernel: Kernel, searching: Searching, player: PlayerId, pick: Pick): boolean {
  const spots = spotsFor(kernel, searching, player);
  if (spots.size === 0) return false;
  const cards = kernel.board().cards;
  for (const spot of spots.values()) {
    if (spot.location === undefined || margin(spot.mine, spot.theirs) > 0) continue;
    // Who could join: the player's unstopped personnel elsewhere at the spot's location.
    const joining: { id: CardId; strength: number }[] = [];
    for (const id of searching.personnel) {
      const card = cards[id];
      if (!card || card.owner !== player || card.status.stopped) continue;
      const where = placeOf(kernel, id);
      if (!where || where.location !== spot.location || spots.has(where.key)) continue;
      const strength = fighting(kernel, id);
      if (strength > 0) joining.push({ id, strength });
    }
    if (joining.length === 0) continue;
    if (margin([...spot.mine, ...joining.map((j) => j.strength)], spot.theirs) <= 0) continue;
    for (const { id, strength } of joining)
      if (kernel.own({ type: 'move', player, cards: [id], to: spot.place }).ok) spot.mine.push(strength);
  }
  const ranked = [...spots.values()]
    .filter((spot) => spot.mine.length > 0 && spot.theirs.length > 0)
    .map((spot) => ({ spot, margin: margin(spot.mine, spot.theirs) }))
    .sort((a, b) => b.margin - a.margin);
  for (const { spot, margin: by } of ranked) {
    const rash = player === searching.opponent && pick(OPPONENT_ATTACKS.of) < OPPONENT_ATTACKS.in;
    if (by <= 0 && !rash) continue;
    if (kernel.own({ type: 'attack', player, attackers: spot.place, defenders: spot.place }).ok) return true;
  }
  return false;
}

/**
 * Before the turn ends: a group on a planet that the adversary there would beat (by the quick guess,
 * the adversary attacking) beams aboard one of its player's ships in orbit, if it has one there.
 */
function retreat(kernel: Kernel, searching: Searching, player: PlayerId): void {
  const other = player === searching.me ? searching.opponent : searching.me;
  const cards = kernel.board().cards;
  // The adversary's spots, seen from the adversary: its STRENGTH as `mine`, the player's as `theirs`.
  for (const spot of spotsFor(kernel, searching, other).values()) {
    if (!('planet' in spot.place) || spot.mine.length === 0 || margin(spot.mine, spot.theirs) <= 0) continue;
    const location = spot.place.planet;
    const ship = Object.values(cards).find(
      (card) =>
        card.owner === player &&
        card.at.in === 'space' &&
        card.at.location === location &&
        kernel.table().library.get(card.card).type === 'Ship',
    );
    if (!ship) continue;
    for (const id of searching.personnel) {
      const card = kernel.board().cards[id];
      if (!card || card.owner !== player || card.status.stopped) continue;
      if (card.at.in !== 'planet' || card.at.location !== location) continue;
      kernel.own({ type: 'move', player, cards: [id], to: { aboard: ship.id } });
    }
  }
}

/** The bot's score since the decision: the opponent's personnel lost minus its own. */
export function outcomeOf(kernel: Kernel, searching: Searching): { kills: number; losses: number } {
  const board = kernel.board();
  return {
    kills: lostBy(board, searching.personnel, searching.opponent) - searching.lostBefore.opponent,
    losses: lostBy(board, searching.personnel, searching.me) - searching.lostBefore.me,
  };
}
