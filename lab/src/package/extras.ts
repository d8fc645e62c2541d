/**
 * Engine modules the lab needs that the package does not export (yet): the demo's two positions, and the
 * seed of the i-th battle of an odds run. Say so to the lead: `DEMO_SETUP` and `DEMO_BATTLE_SETUP` belong
 * in `stccg-rules` (or `stccg-rules/debug`) so that a client can open the demo's position too.
 */
export { DEMO_BATTLE_SETUP, DEMO_SETUP } from '../../../src/demo/demo-setup.ts';
