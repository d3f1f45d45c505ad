import { toggleOperation } from './toggle';

/** Pause: flips the campaign to paused only when it runs (./toggle.ts). */
export const pause = toggleOperation('paused');
