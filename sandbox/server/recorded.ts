import type { AuthKind } from './auth';
import type { Fault } from './faults';
import type { SandboxRegion } from '../domain/records';

/**
 * One API request as the sandbox recorded it. Its own file so that the server (which records
 * requests) and the load shaper (which reads them) both depend on it, not on each other.
 */

export interface RecordedRequest {
	method: string;
	region: SandboxRegion;
	/** Relative to /v3, without the query string, as received (URL-encoded). */
	path: string;
	query: Record<string, string>;
	/** Parsed JSON body; the raw text when it was not valid JSON; undefined when empty. */
	body: unknown;
	/** Status sent; 0 while in flight or when the connection was dropped. */
	status: number;
	at: number;
	/** What the Authorization header was; the secret itself is never stored. */
	auth: AuthKind;
	/** Request headers without Authorization. */
	headers: Record<string, string>;
	/** Set when an injected fault shaped the answer. */
	fault?: Fault['kind'];
}
