import { toggleOperation } from './toggle';

/** Start: flips the campaign to running only when it is paused (./toggle.ts). */
export const start = toggleOperation('running');
