import { createHash } from 'crypto';

/** Deterministic ids: the same seed and the same sequence of calls always give the same ids. */

export function hexDigest(text: string, length = 32): string {
	return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** Telephony-style SIDs: a two-letter prefix and 32 hex digits (`SM` message, `PN` number, `AC` account, `SU` rental subscription, `CA` call). */
export function sid(prefix: 'SM' | 'PN' | 'AC' | 'SU' | 'CA', seed: string): string {
	return prefix + hexDigest(`${prefix}:${seed}`);
}
