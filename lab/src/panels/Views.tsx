import type { CardView, Game, PlayerView } from 'stccg-rules';
import { positionInWords } from '../words.ts';

/** Both players' views side by side: what each may see (never the other's hand, never the piles' order). */
export function ViewsPanel({ game }: { game: Game }) {
  const players = game.board().players;
  return (
    <section className="panel views" aria-labelledby="views-title" data-testid="views">
      <h2 id="views-title">What each player sees</h2>
      <div className="sides">
        {players.map((player) => (
          <OneView key={player} game={game} view={game.view(player)} />
        ))}
      </div>
    </section>
  );
}

function OneView({ game, view }: { game: Game; view: PlayerView }) {
  const board = game.board();
  const hand = Object.values(view.cards).filter((card) => card.at.in === 'hand');
  const inPlay = Object.values(view.cards).filter((card) => card.at.in !== 'hand');
  return (
    <article className="view" aria-label={`${view.player}'s view`} data-player={view.player}>
      <h3>{view.player} sees</h3>
      <p className="muted">
        step {view.step}; turn {view.turn.number} ({view.turn.player}); hands:{' '}
        {Object.entries(view.handSizes)
          .map(([player, size]) => `${player} ${size}`)
          .join(', ')}
      </p>
      <h4>Own hand</h4>
      <ul>
        {hand.length === 0 ? (
          <li className="muted">empty</li>
        ) : (
          hand.map((card) => <Seen key={card.id} card={card} />)
        )}
      </ul>
      <h4>In play</h4>
      <ul>
        {inPlay.map((card) => (
          <Seen key={card.id} card={card} where={positionInWords(board, card.at)} />
        ))}
      </ul>
      {view.battle && (
        <>
          <h4>Battle (public face)</h4>
          <p>
            {view.battle.step}; piles {view.battle.pileSizes.attacker} and {view.battle.pileSizes.defender}{' '}
            face down; priority {view.battle.priority ?? 'none'}
            {view.battle.pairing &&
              `; pairing ${view.battle.pairing.number}: ${view.battle.pairing.attacker} ⚔ ${view.battle.pairing.defender}`}
          </p>
        </>
      )}
    </article>
  );
}

function Seen({ card, where }: { card: CardView; where?: string }) {
  return (
    <li data-card={card.id}>
      {card.card} <code>[{card.id}]</code>
      {card.hologram && ` hologram ${card.hologram}`}
      {where && <small className="muted"> {where}</small>}
    </li>
  );
}
