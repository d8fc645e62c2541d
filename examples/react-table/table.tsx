/**
 * A React table for one player, on `@xstate/react`'s `useSelector` over the game actor: the component
 * re-renders when the game's step changes (every command carried out), shows only what that player
 * may see (`game.view(player)`: never the other hand, the combat piles' order or the generator), and
 * enables its buttons with XState's own `snapshot.can(command)`, which agrees with the rules.
 *
 * It sends through the players' door (`game.send`), with the step it showed: a click made on a stale
 * table is refused as stale (GAME-STEP-1), never applied out of order. In this repository the engine is
 * imported from `src/index.ts`; in a client, from 'stccg-rules'.
 */
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { CardView, Game, PlayerCommand, PlayerId, Position } from '../../src/index.ts';

/** Where a card is, in words. */
export function where(at: Position): string {
  switch (at.in) {
    case 'hand':
      return 'in hand';
    case 'space':
      return `at ${at.location}`;
    case 'aboard':
      return `aboard ${at.host}`;
    case 'planet':
      return `on ${at.location}`;
    case 'worn':
      return `worn by ${at.by}`;
    case 'held':
      return `held by ${at.by}`;
    case 'played-on':
      return `on ${at.target}`;
    case 'captured':
      return `captive of ${at.by}`;
    case 'discard':
      return 'discarded';
    default:
      return at.in;
  }
}

/** A command as a button label. */
export function labelOf(command: PlayerCommand): string {
  const { type, player: _player, ...fields } = command;
  const details = Object.values(fields)
    .map((value) => (typeof value === 'object' ? Object.values(value as object).join(' ') : String(value)))
    .join(' ');
  return details ? `${type} ${details}` : type;
}

function Card({ card }: { card: CardView }) {
  return (
    <li data-card={card.id}>
      {card.card} [{card.id}] {where(card.at)}
      {card.hologram ? ` (${card.hologram})` : ''}
      {card.status.stopped ? ' stopped' : ''}
    </li>
  );
}

/** One player's table: what they see, and the commands they may send now. */
export function Table({ game, player }: { game: Game; player: PlayerId }) {
  // Selected from the actor's snapshot: a number, so the component re-renders only when it changes.
  const step = useSelector(game.actor, (snapshot) => snapshot.context.step);
  // XState's own question, answered by the rules: may this player end the turn, or pass, now?
  const mayEndTurn = useSelector(game.actor, (snapshot) => snapshot.can({ type: 'endTurn', player }));
  const mayPass = useSelector(game.actor, (snapshot) => snapshot.can({ type: 'pass', player }));
  // What this player may see and do: worked out again at each step (never from the snapshot itself,
  // which holds both hands, the combat piles and the generator's state).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is what changes the view.
  const view = useMemo(() => game.view(player), [game, player, step]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is what changes what is legal.
  const legal = useMemo(
    () =>
      game.legalCommands(player).filter((command) => command.type !== 'endTurn' && command.type !== 'pass'),
    [game, player, step],
  );
  const [said, setSaid] = useState('');
  const send = (command: PlayerCommand) => {
    const result = game.send({ ...command, step });
    setSaid(result.ok ? result.events.map((event) => event.message).join(' ') : result.rejection.message);
  };
  return (
    <section data-player={player}>
      <h2>
        {player}: turn {view.turn.number} ({view.turn.player}'s), step {step}
      </h2>
      <ul>
        {Object.values(view.cards).map((card) => (
          <Card key={card.id} card={card} />
        ))}
      </ul>
      <p>
        Hands:{' '}
        {Object.entries(view.handSizes)
          .map(([owner, size]) => `${owner} ${size}`)
          .join(', ')}
      </p>
      {view.battle ? (
        <p data-battle={view.battle.step}>
          Battle at {view.battle.step}: piles of {view.battle.pileSizes.attacker} and{' '}
          {view.battle.pileSizes.defender} cards; priority: {view.battle.priority ?? 'no one'}
        </p>
      ) : null}
      <button type="button" disabled={!mayEndTurn} onClick={() => send({ type: 'endTurn', player })}>
        End turn
      </button>
      <button type="button" disabled={!mayPass} onClick={() => send({ type: 'pass', player })}>
        Pass
      </button>
      {legal.map((command) => (
        <button type="button" key={JSON.stringify(command)} onClick={() => send(command)}>
          {labelOf(command)}
        </button>
      ))}
      {said ? <p role="status">{said}</p> : null}
    </section>
  );
}
