import type { CardDefinitionInput, Command, Game, Setup } from '../src/index.ts';
import { createGame } from '../src/index.ts';
import { sendAny } from './support/doors.ts';

/**
 * Battle tests play at Ligos VII, a planet with Holo-Projectors (so holograms may stand on it), with
 * Alice's U.S.S. Enterprise and Bob's Husnock Ship in orbit. Personnel of a given STRENGTH are made
 * with `fighter(...)` definitions; the real cards come from the built-in library.
 */
export const FIGHTERS: CardDefinitionInput[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 17].map((strength) => ({
  name: `Fighter ${strength}`,
  type: 'Personnel',
  affiliation: 'Non-Aligned',
  strength,
}));

export const HOLO_FIGHTERS: CardDefinitionInput[] = [3, 5, 9, 10, 20].map((strength) => ({
  name: `Holo Fighter ${strength}`,
  type: 'Personnel',
  affiliation: 'Non-Aligned',
  strength,
  icons: ['Holo'],
}));

type CardSpec = Setup['cards'][number];

/** A personnel of one player's on the planet. */
export const onPlanet = (
  owner: string,
  id: string,
  card: string,
  extra: Partial<CardSpec> = {},
): CardSpec => ({
  id,
  card,
  owner,
  at: { planet: 'ligos' },
  ...extra,
});

export function battleGame(cards: CardSpec[], extra: Partial<Setup> = {}, seed = 1): Game {
  return createGame(
    {
      players: ['alice', 'bob'],
      turn: { player: 'alice', number: 1 },
      locations: [{ id: 'ligos', name: 'Ligos VII' }, { id: 'holana' }],
      cardDefinitions: [...FIGHTERS, ...HOLO_FIGHTERS],
      cards: [
        { id: 'projectors', card: 'Holo-Projectors', owner: 'alice', at: { playedOn: 'ligos' } },
        { id: 'enterprise', card: 'U.S.S. Enterprise', owner: 'alice', at: { space: 'ligos' } },
        { id: 'husnock', card: 'Husnock Ship', owner: 'bob', at: { space: 'ligos' } },
        ...cards,
      ],
      ...extra,
    },
    { seed },
  );
}

export const ATTACK_ON_PLANET = (player = 'alice'): Command => ({
  type: 'attack',
  player,
  attackers: { planet: 'ligos' },
  defenders: { planet: 'ligos' },
});

/** A hologram of one player's, active, on the planet (the planet has Holo-Projectors). */
export const holoOnPlanet = (
  owner: string,
  id: string,
  card: string,
  extra: Partial<CardSpec> = {},
): CardSpec => onPlanet(owner, id, card, { hologram: 'active', ...extra });

/** Both players pass once each, in priority order: an open window with no response closes. */
export function closeWindow(game: Game): void {
  for (let i = 0; i < 2; i++) {
    const awaiting = game.awaiting();
    if (awaiting?.for !== 'response') throw new Error(`no window is open (${game.battle()?.step})`);
    const result = game.send({ type: 'pass', player: awaiting.player });
    if (!result.ok) throw new Error(result.rejection.message);
  }
}

/** Both players pass until the game waits for something else (a decision, or nothing). */
export function passWhileWindowOpen(game: Game): void {
  for (let i = 0; i < 100; i++) {
    const awaiting = game.awaiting();
    if (awaiting?.for !== 'response') return;
    const result = game.send({ type: 'pass', player: awaiting.player });
    if (!result.ok) throw new Error(result.rejection.message);
  }
}

/** Plays a battle to its end: both pass every window; each decision is taken by `decide`. */
export function playOut(
  game: Game,
  decide: (options: readonly string[]) => string = (o) => o[o.length - 1] ?? 'none',
) {
  for (let i = 0; i < 1000 && game.battle(); i++) {
    const awaiting = game.awaiting();
    if (!awaiting) throw new Error(`the battle waits for nothing at ${game.battle()?.step}`);
    const command =
      awaiting.for === 'response'
        ? { type: 'pass', player: awaiting.player }
        : { type: 'decide', player: awaiting.player, outcome: decide(awaiting.options) };
    const result = sendAny(game, command);
    if (!result.ok) throw new Error(result.rejection.message);
  }
}
