import type { Effect } from '../model/card-definition.ts';

/**
 * The game text of the built-in cards, as effect descriptors the rules evaluate. `cards.json` holds the
 * printed facts; this holds what the rules need to read from the text. Keyed by card name.
 */
export const BUILT_IN_EFFECTS: Readonly<Record<string, readonly Effect[]>> = {
  'Holodeck Door': [{ kind: 'adds-holodeck' }],
  'Holo-Projectors': [{ kind: 'holo-projectors' }],
  'Holo-Projectors (Holodeck Adventures)': [{ kind: 'holo-projectors' }],
  'Mobile Holo-Emitter': [{ kind: 'mobile-emitter' }],
  'Holoprogram: 221B Baker Street': [{ kind: 'adds-holo-icon' }],
  'Vulcan Nerve Pinch': [
    { kind: 'use-only', species: ['Vulcan', 'Soong-type android'] },
    // Your Vulcans and Soong-Type Androids may each place one opposing personnel or Rogue Borg
    // (random selection) in stasis until end of your next turn.
    {
      kind: 'response',
      timing: 'start-of-battle',
      user: { species: ['Vulcan', 'Soong-type android'] },
      eachUser: true,
      does: [{ do: 'stasis', whom: 'random-opponent' }],
    },
  ],
  "D'k Tahg": [
    { kind: 'use-only', affiliations: ['Klingon'] },
    { kind: 'strength', amount: 1, to: 'your-personnel-present', cumulative: true },
    // May report to a just-initiated personnel battle involving your [Kli] card(s).
    {
      kind: 'response',
      timing: 'start-of-battle',
      user: { affiliations: ['Klingon'] },
      does: [{ do: 'report' }],
    },
  ],
  'Hirogen Talon': [
    { kind: 'use-only', affiliations: ['Hirogen'] },
    { kind: 'strength', amount: 1, to: 'your-personnel-present', cumulative: true },
    {
      kind: 'response',
      timing: 'start-of-battle',
      user: { affiliations: ['Hirogen'] },
      does: [{ do: 'report' }],
    },
  ],
  'Starfleet Type II Phaser': [
    { kind: 'use-only', affiliations: ['Federation', 'Non-Aligned'] },
    { kind: 'strength', amount: 2, to: 'your-personnel-present', cumulative: true },
  ],
  'Klingon Disruptor': [
    { kind: 'use-only', affiliations: ['Klingon', 'Non-Aligned'] },
    { kind: 'strength', amount: 2, to: 'your-personnel-present', cumulative: true },
  ],
  'Lower Decks': [{ kind: 'strength', amount: 2, to: 'your-non-holographic-universal', cumulative: false }],
  'Lower Decks (Voyager)': [
    { kind: 'strength', amount: 2, to: 'your-non-holographic-universal', cumulative: false },
  ],
  'Shakaar Edon': [{ kind: 'strength', amount: 2, to: 'other-bajorans-present', cumulative: false }],
  'Rogue Borg Mercenaries': [{ kind: 'rogue-borg' }],
  'Penalty Box': [{ kind: 'holds-personnel' }],
  'Escape Pod': [{ kind: 'holds-personnel' }],
  'Disengage Safety Protocols': [{ kind: 'suspends-safety-protocols' }],
  'Emergency Transporter Armbands': [{ kind: 'response', timing: 'until-winner', effect: 'beam-away' }],
  // Once per battle, your personnel present may stun an adversary they just engaged.
  "'45 Dom Perignon": [
    {
      kind: 'response',
      timing: 'pairing',
      from: 'play',
      oncePerBattle: true,
      does: [{ do: 'stun', whom: 'adversary' }],
    },
  ],
  // Mortally wounds a Borg drone, Jem'Hadar, Rogue Borg or [Holo] personnel who just engaged your
  // android in combat. (Android engages next adversary.)
  'Android Headlock': [
    {
      kind: 'response',
      timing: 'pairing',
      user: { species: ['Android', 'Soong-type android'] },
      adversary: ['Borg drone', "Jem'Hadar", 'Rogue Borg', 'Holo'],
      does: [{ do: 'mortally-wound', whom: 'adversary' }, { do: 'engage-next' }],
    },
  ],
  // Use at start of personnel battles. May stun one {Rogue Borg} or personnel present (random
  // selection) OR erase up to 100 [Holo] personnel present (your choice). One use a battle, either
  // option. Erasing is the first option, as it was the card's only one before the stun was written:
  // a `respond` without `option` erases. (Erasing fewer than all comes through the host's door.)
  Tommygun: [
    {
      kind: 'response',
      option: 'erase',
      timing: 'start-of-battle',
      from: 'play',
      oncePerBattle: true,
      does: [{ do: 'erase', whom: 'opposing-holograms' }],
    },
    {
      kind: 'response',
      option: 'stun',
      timing: 'start-of-battle',
      from: 'play',
      oncePerBattle: true,
      does: [{ do: 'stun', whom: 'random-opponent' }],
    },
  ],
};

/** Lore the printed facts leave out, where a rule turns on it (HOLO-SPECIES-1: Sumek appears Vulcan). */
export const BUILT_IN_LORE: Readonly<Record<string, { species: string }>> = {
  Sumek: { species: 'Vulcan' },
};
