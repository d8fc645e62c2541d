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
  'Vulcan Nerve Pinch': [{ kind: 'use-only', species: ['Vulcan', 'Soong-type android'] }],
  "D'k Tahg": [{ kind: 'use-only', affiliations: ['Klingon'] }],
  'Hirogen Talon': [{ kind: 'use-only', affiliations: ['Hirogen'] }],
  'Starfleet Type II Phaser': [{ kind: 'use-only', affiliations: ['Federation', 'Non-Aligned'] }],
  'Klingon Disruptor': [{ kind: 'use-only', affiliations: ['Klingon', 'Non-Aligned'] }],
};

/** Lore the printed facts leave out, where a rule turns on it (HOLO-SPECIES-1: Sumek appears Vulcan). */
export const BUILT_IN_LORE: Readonly<Record<string, { species: string }>> = {
  Sumek: { species: 'Vulcan' },
};
