// The host's play page: one seat of one game, from a link holding the game id, the seat and its token
// (in the fragment, so they never reach a server's log). It joins the game's room with the Colyseus
// client, draws the seat's payload, applies each update's JSON Patch, lists the rule events it may hear,
// and sends the commands it is offered. When its connection drops, it reconnects (within the host's grace
// period) or joins again with its token, and asks for what it missed.
/* global Colyseus, rfc6902 */
(() => {
  const params = new URLSearchParams(location.hash.slice(1));
  const gameId = params.get('game');
  const seat = params.get('seat');
  const token = params.get('token');
  const endpoint = location.origin.replace(/^http/, 'ws');
  const client = new Colyseus.Client(endpoint);
  const $ = (id) => document.getElementById(id);

  /** What the page holds: the seat's payload, and the last step whose events it has listed. */
  let payload = null;
  let heard = 0;
  let room = null;
  let nextId = 1;
  let leaving = false;

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
    heading.textContent = `${seat ?? 'Spectator'} · turn ${view.turn.number} (${view.turn.player}) · step ${payload.step} · hands ${Object.entries(
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
      button.addEventListener('click', () => send(command));
      item.append(button);
      commands.append(item);
    }
  };

  /** Lists the events of steps not listed yet (a reconnection may bring steps already heard). */
  const hear = (steps) => {
    for (const step of steps) {
      if (step.step <= heard) continue;
      heard = step.step;
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

  const send = (command) => {
    if (!room) return;
    $('answer').textContent = '…';
    room.send('command', { id: nextId++, command });
  };

  const listen = (joined) => {
    room = joined;
    room.onMessage('welcome', (message) => {
      payload = message.payload;
      if (heard === 0) heard = Math.max(0, payload.step - message.steps.length);
      hear(message.steps);
      status(`Connected to game ${gameId}`);
      render();
    });
    room.onMessage('update', (message) => {
      if (!payload || payload.step !== message.from) {
        room.send('sync', { since: heard });
        return;
      }
      const next = structuredClone(payload);
      const failures = rfc6902.applyPatch(next, message.patch);
      if (failures.some((failure) => failure !== null)) {
        room.send('sync', { since: heard });
        return;
      }
      payload = next;
      hear(message.steps);
      render();
    });
    room.onMessage('sync', (message) => {
      payload = message.payload;
      hear(message.steps);
      render();
    });
    room.onMessage('bot', (message) => {
      const item = document.createElement('li');
      item.dataset.kind = 'bot';
      item.textContent = `The computer, for ${message.player}: ${message.explanation}`;
      $('events').append(item);
    });
    room.onMessage('answer', (message) => {
      const answer = $('answer');
      answer.className = message.ok ? '' : 'refused';
      answer.textContent = message.ok
        ? `Done (step ${message.step})`
        : (message.rejection?.message ?? message.refused?.message ?? 'refused');
    });
    room.onMessage('refused', (message) => {
      $('answer').className = 'refused';
      $('answer').textContent = message.message;
    });
    room.onLeave((code) => {
      room = null;
      if (leaving) return;
      status(`Connection lost (${code}): reconnecting…`);
      void reconnect(joined.reconnectionToken, 0);
    });
  };

  /** Back within the grace period with the room's reconnection token, or else a new join with the seat's. */
  const reconnect = async (reconnectionToken, attempt) => {
    try {
      const back = await client.reconnect(reconnectionToken);
      listen(back);
      back.send('sync', { since: heard });
      status(`Reconnected to game ${gameId}`);
    } catch {
      try {
        await join();
      } catch {
        setTimeout(() => reconnect(reconnectionToken, attempt + 1), Math.min(5000, 500 * 2 ** attempt));
      }
    }
  };

  const join = async () => {
    const options = { gameId };
    if (seat) Object.assign(options, { seat, token });
    if (heard > 0) options.since = heard;
    listen(await client.joinOrCreate('game', options));
  };

  window.addEventListener('beforeunload', () => {
    leaving = true;
    room?.leave(true);
  });

  if (!gameId) {
    status('This link names no game: open the link the host gave you (it ends with #game=…).');
    return;
  }
  join().catch((error) => status(`Could not join game ${gameId}: ${error.message ?? error}`));
})();
