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

/** Which recorded requests to list (sandbox.requests(), the control route GET /__sandbox/requests). */
export interface RequestFilter {
	method?: string;
	/** A string matches the whole path exactly; a RegExp is tested against it. */
	path?: string | RegExp;
	region?: SandboxRegion;
}

export function matchesFilter(request: RecordedRequest, filter: RequestFilter = {}): boolean {
	if (filter.method && request.method !== filter.method.toUpperCase()) return false;
	if (filter.region && request.region !== filter.region) return false;
	if (filter.path instanceof RegExp) return filter.path.test(request.path);
	if (typeof filter.path === 'string') return request.path === filter.path;
	return true;
}
