import { generator } from '../../src/bot/rng.ts';
import { lossesOn } from '../../src/bot/score.ts';
import type { Game } from '../../src/game/game.ts';
import type { CardId, PlayerId } from '../../src/model/board.ts';
import type { Command, CommandOf } from '../../src/model/commands.ts';

/**
 * One playout: a fork of the game (its generator reseeded, the face-down piles reshuffled: the bot
 * plays from what a player knows), a plan's commands, then both players by a quick rule until the
 * opponent's turn has ended: in battle, the odds engine's policies (`'strongest'`: pass every window,
 * take the strongest outcome); out of battle, the turn's player attacks wherever an adversary stands
 * with its own personnel (at most once a turn; the opponent only half the time), then ends the turn.
 */

/** What the bot knows of a search before any playout: the players, the personnel, and the losses now. */
export interface Searching {
  readonly me: PlayerId;
  readonly opponent: PlayerId;
  readonly personnel: ReadonlySet<CardId>;
  /** Each player's personnel lost already (the score counts what the plan and the playout add). */
  readonly lostBefore: ReadonlyMap<PlayerId, number>;
  readonly step: number;
  /** A battle runs at the decision. */
  readonly inBattle: boolean;
}

/** How one playout ended, for the player the bot plays. */
export interface PlayoutOutcome {
  /** The opponent's personnel lost since the decision. */
  readonly kills: number;
  /** The bot's own personnel lost since the decision. */
  readonly losses: number;
  /** The first battle the playout finished: won, lost or tied by the bot; none when no battle ended. */
  readonly battle: 'won' | 'lost' | 'tied' | 'none';
  /** The commands the playout carried out (the plan's, the policies', the quick rule's). */
  readonly commands: number;
}

/** The players' policies in a playout's fork: battles run to their end by themselves. */
const STRONGEST = 'strongest' as const;

/** How often the opponent attacks where it may, in playouts: 1 in 2. */
const OPPONENT_ATTACKS = { in: 1, of: 2 } as const;

/** At most this many turns' commands of the quick rule, whatever happens (a playout always ends). */
const MAX_QUICK_COMMANDS = 12;

export function playout(
  root: Game,
  plan: readonly Command[],
  searching: Searching,
  seed: number,
): PlayoutOutcome {
  const { me, opponent } = searching;
  const game = root.fork({
    seed,
    reshuffle: true,
    policies: { [me]: STRONGEST, [opponent]: STRONGEST },
  });
  const lastBattleBefore = lastBattleOf(game);
  let first: 'won' | 'lost' | 'tied' | 'none' = 'none';
  const noteBattle = () => {
    if (first !== 'none') return;
    const record = lastBattleOf(game);
    if (record === lastBattleBefore || record === null) return;
    first = record.winner === me ? 'won' : record.winner === null ? 'tied' : 'lost';
  };
  for (const command of plan) {
    game.send(command);
    noteBattle();
  }
  const pick = generator(seed);
  // A turn that has had its battle (the one running at the decision, or the plan's attack) has no other.
  let attackedThisTurn = searching.inBattle || plan.some((command) => command.type === 'attack');
  for (let i = 0; i < MAX_QUICK_COMMANDS && !game.awaiting(); i++) {
    const board = game.actor.getSnapshot().context.board;
    const player = board.turn.player;
    if (!attackedThisTurn) {
      attackedThisTurn = true;
      // The opponent attacks half the time: neither the aggressor the greedy player is, nor the
      // bystander a random one is, so that ending the turn weighs as half the battle it would offer.
      const attacks = player === me || pick(OPPONENT_ATTACKS.of) < OPPONENT_ATTACKS.in;
      if (attacks && attackSomewhere(game, searching, player, pick)) {
        noteBattle();
        continue;
      }
    }
    if (!game.send({ type: 'endTurn', player }).ok) break;
    attackedThisTurn = false;
    if (player === opponent) break;
  }
  const lost = lossesOn(game.actor.getSnapshot().context.board, searching.personnel);
  const outcome: PlayoutOutcome = {
    kills: (lost.get(opponent) ?? 0) - (searching.lostBefore.get(opponent) ?? 0),
    losses: (lost.get(me) ?? 0) - (searching.lostBefore.get(me) ?? 0),
    battle: first,
    commands: game.step() - searching.step,
  };
  game.stop();
  return outcome;
}

/** The last battle's record as the game holds it (read, not copied: `game.lastBattle()` copies). */
function lastBattleOf(game: Game) {
  return game.actor.getSnapshot().context.lastBattle;
}

/**
 * The quick rule's attack: the player's personnel attack an adversary group where they stand together
 * (a planet or aboard a ship), one such place chosen at random; the first attack the rules accept is
 * played. False when none is.
 */
function attackSomewhere(
  game: Game,
  searching: Searching,
  player: PlayerId,
  pick: (below: number) => number,
): boolean {
  const places = sharedPlaces(game, searching, player);
  while (places.length > 0) {
    const [place] = places.splice(pick(places.length), 1);
    const command: CommandOf<'attack'> = {
      type: 'attack',
      player,
      attackers: place!,
      defenders: place!,
    };
    if (game.send(command).ok) return true;
  }
  return false;
}

type Place = CommandOf<'attack'>['attackers'];

/** Where personnel of both players stand together: planets and ships or facilities, in the board's order. */
function sharedPlaces(game: Game, searching: Searching, player: PlayerId): Place[] {
  const cards = game.actor.getSnapshot().context.board.cards;
  const spots = new Map<string, { place: Place; owners: Set<PlayerId> }>();
  for (const id of searching.personnel) {
    const card = cards[id];
    if (!card) continue;
    const at = card.at;
    const place: Place | undefined =
      at.in === 'planet' ? { planet: at.location } : at.in === 'aboard' ? { aboard: at.host } : undefined;
    if (!place) continue;
    const key = at.in === 'planet' ? `planet:${at.location}` : `aboard:${(at as { host: string }).host}`;
    let spot = spots.get(key);
    if (!spot) {
      spot = { place, owners: new Set() };
      spots.set(key, spot);
    }
    spot.owners.add(card.owner);
  }
  const other = player === searching.me ? searching.opponent : searching.me;
  return [...spots.values()]
    .filter(({ owners }) => owners.has(player) && owners.has(other))
    .map(({ place }) => place);
}
