// The host's play page: one seat of one game, from a link holding the game id, the seat and its token
// (in the fragment, so they never reach a server's log). It joins with the client's kit
// (stccg-rules/client, served as one browser file), which keeps the seat's payload current, answers each
// command once its step is drawn, and brings the connection back after a drop; the page draws the
// payload, lists the rule events it hears, and sends the commands it is offered.
import { CloseCode, JoinRefusal, joinSeat } from '/play/client.js';

const $ = (id) => document.getElementById(id);
/** The seat, once joined: its payload is the page's state. */
let seat = null;
let payload = null;

const status = (text) => {
  $('status').textContent = text;
};

const nameOf = (id) => {
  const card = payload?.view.cards[id];
  return card ? `${card.card} [${id}]` : String(id);
};

const placeOf = (to) => {
  if (!to) return '';
  if (to.aboard) return `aboard ${nameOf(to.aboard)}`;
  if (to.planet) return `to the planet ${locationName(to.planet)}`;
  if (to.held) return `onto ${nameOf(to.held)}`;
  return JSON.stringify(to);
};

/** A command in words, for its button. */
const describe = (command) => {
  switch (command.type) {
    case 'report':
      return `Report ${nameOf(command.card)} ${placeOf(command.to)}`;
    case 'move':
      return `Move ${command.cards.map(nameOf).join(', ')} ${placeOf(command.to)}`;
    case 'activate':
      return `Activate ${nameOf(command.hologram)} with ${nameOf(command.by)}`;
    case 'wearEmitter':
      return `${nameOf(command.hologram)} wears ${nameOf(command.emitter)}`;
    case 'removeEmitter':
      return `Remove ${nameOf(command.emitter)}`;
    case 'attack':
      return `Attack: ${placeOf(command.attackers)} against ${placeOf(command.defenders)}`;
    case 'respond':
      return `Respond with ${nameOf(command.card)}${command.option ? ` (${command.option})` : ''}${command.personnel ? `: ${command.personnel.map(nameOf).join(', ')} ${placeOf(command.to)}` : ''}`;
    case 'decide':
      return `Decide: ${command.outcome}`;
    case 'pass':
      return 'Pass';
    case 'endTurn':
      return 'End the turn';
    case 'moveShip':
      return `Move ${nameOf(command.ship)} to ${locationName(command.to)}`;
    case 'changeAffiliation':
      return `${nameOf(command.card)} changes to ${command.to}`;
    case 'play':
      return `Play ${nameOf(command.card)} on ${nameOf(command.on)}`;
    default:
      return command.type;
  }
};

const locationName = (id) => payload?.view.locations.find((location) => location.id === id)?.name ?? id;

const where = (at) => {
  switch (at.in) {
    case 'space':
      return `At ${locationName(at.location)} (in space)`;
    case 'aboard':
      return `Aboard ${nameOf(at.host)}`;
    case 'planet':
      return `On the planet ${locationName(at.location)}`;
    case 'hand':
      return 'Your hand';
    case 'discard':
      return 'Discard piles';
    case 'captured':
      return `Captured by ${at.by}`;
    case 'worn':
      return `Worn by ${nameOf(at.by)}`;
    case 'held':
      return `Held by ${nameOf(at.by)}`;
    case 'played-on':
      return `Played on ${nameOf(at.target)}`;
    case 'table':
      return 'On the table';
    default:
      return at.in;
  }
};

const render = () => {
  if (!payload) return;
  const { view } = payload;
  document.body.dataset.step = String(payload.step);
  const groups = new Map();
  for (const card of Object.values(view.cards)) {
    const place = where(card.at);
    if (!groups.has(place)) groups.set(place, []);
    groups.get(place).push(card);
  }
  const table = $('table');
  table.replaceChildren();
  const heading = document.createElement('h2');
  heading.textContent = `${seat.player ?? 'Spectator'} · turn ${view.turn.number} (${view.turn.player}) · step ${payload.step} · hands ${Object.entries(
    view.handSizes,
  )
    .map(([player, size]) => `${player} ${size}`)
    .join(', ')}`;
  table.append(heading);
  if (view.battle) {
    const battle = document.createElement('section');
    battle.className = 'battle';
    battle.dataset.battleStep = view.battle.step;
    const pairing = view.battle.pairing
      ? ` · pairing ${view.battle.pairing.number}: ${nameOf(view.battle.pairing.attacker)} against ${nameOf(view.battle.pairing.defender)}`
      : '';
    battle.textContent = `Battle (${view.battle.step}): ${view.battle.attacker} attacks ${view.battle.defender} · piles ${view.battle.pileSizes.attacker}/${view.battle.pileSizes.defender}${pairing}`;
    table.append(battle);
  }
  for (const [place, cards] of groups) {
    const title = document.createElement('h3');
    title.textContent = place;
    const list = document.createElement('ul');
    list.className = 'cards';
    for (const card of cards) {
      const item = document.createElement('li');
      item.dataset.card = card.id;
      if (card.hologram) item.className = 'hologram';
      const flags = [
        card.hologram,
        card.status.stopped && 'stopped',
        card.status.stunned && 'stunned',
        card.status.mortallyWounded && 'mortally wounded',
      ].filter(Boolean);
      item.textContent = `${card.card} (${card.owner})`;
      if (flags.length) {
        const status = document.createElement('span');
        status.className = 'status';
        status.textContent = ` ${flags.join(', ')}`;
        item.append(status);
      }
      list.append(item);
    }
    table.append(title, list);
  }
  const awaiting = payload.awaiting;
  $('awaiting').textContent = awaiting
    ? `Awaiting ${awaiting.player}'s ${awaiting.for}${awaiting.window ? ` (${awaiting.window})` : ''}`
    : '';
  const commands = $('commands');
  commands.replaceChildren();
  for (const command of payload.legal) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.command = command.type;
    button.textContent = describe(command);
    button.addEventListener('click', () => void send(command));
    item.append(button);
    commands.append(item);
  }
};

/** Lists the events of steps the seat hears, once each, in order (the kit tells each step once). */
const hear = (steps) => {
  for (const step of steps) {
    for (const event of step.events) {
      const item = document.createElement('li');
      item.dataset.kind = event.kind;
      item.dataset.step = String(step.step);
      item.textContent = event.message;
      $('events').append(item);
    }
  }
  $('events').scrollTop = $('events').scrollHeight;
};

/** Sends a command; its answer comes once the page shows the step it made. */
const send = async (command) => {
  const shown = $('answer');
  shown.className = '';
  shown.textContent = '…';
  const answer = await seat.send(command);
  shown.className = answer.ok ? '' : 'refused';
  shown.textContent = answer.ok ? `Done (step ${answer.step})` : (answer.rejection ?? answer.refused).message;
};

/** Why a seat closed or could not join, in a player's words. */
const why = (code, reason) =>
  ({
    [CloseCode.replaced]: 'This seat was opened elsewhere (another tab or device): this page gives way.',
    [CloseCode.revoked]: 'The seat has a new link (its token was changed): open that one.',
    [JoinRefusal.seat]: 'This link does not claim the seat: its token is wrong, or was changed.',
    [JoinRefusal.noGame]: 'There is no such game on this host.',
  })[code] ?? `${reason} (${code ?? 'no answer'})`;

const play = async () => {
  const link = new URLSearchParams(location.hash.slice(1));
  const gameId = link.get('game');
  if (!gameId) {
    status('This link names no game: open the link the host gave you (it ends with #game=…).');
    return;
  }
  try {
    seat = await joinSeat(location.href);
  } catch (error) {
    status(`Could not join game ${gameId}: ${why(error.code, error.message)}`);
    return;
  }
  payload = seat.payload;
  seat.on('events', hear);
  seat.on('update', (next) => {
    payload = next;
    render();
  });
  seat.on('bot', (message) => {
    const item = document.createElement('li');
    item.dataset.kind = 'bot';
    item.textContent = `The computer, for ${message.player}: ${message.explanation}`;
    $('events').append(item);
  });
  seat.on('refused', (message) => {
    $('answer').className = 'refused';
    $('answer').textContent = message.message;
  });
  seat.on('connection', (state) =>
    status(state === 'connected' ? `Reconnected to game ${gameId}` : 'Connection lost: reconnecting…'),
  );
  seat.on('closed', ({ code, reason }) => {
    if (code !== CloseCode.left) status(`Disconnected: ${why(code, reason)}`);
  });
  window.addEventListener('beforeunload', () => void seat.leave());
  status(`Connected to game ${gameId}`);
  render();
};

void play();
