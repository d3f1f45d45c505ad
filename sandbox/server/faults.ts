import { z } from 'zod';

/**
 * Injected failures, so clients can be tested against slow, failing, throttled, garbled and
 * dropped responses. `afterProcessing` runs the real handler first (state changes, SMS sent) and
 * only then fails the response: a client that re-sends such a POST would send twice.
 */
export type FaultKind =
	| 'latency'
	| 'status'
	| 'rate-limit'
	| 'malformed-json'
	| 'drop'
	| InteractFaultKind;

/**
 * Faults of the interact socket (path `/interact`, sandbox/domain/agentInteract.ts; `latency` delays its
 * turn): refuse the handshake (401), answer but never close, close 1011 mid-turn, send a frame
 * that is not JSON, answer with UI Engine snapshots only, send nothing, trickle chunks for ever
 * (one every latencyMs, default 200), or close 1000 at once without a frame (`empty`).
 */
export const INTERACT_FAULT_KINDS = [
	'refuse-handshake',
	'never-close',
	'close-1011',
	'non-json',
	'ui-engine-only',
	'silent',
	'trickle',
	'empty',
] as const;
export type InteractFaultKind = (typeof INTERACT_FAULT_KINDS)[number];

export interface Fault {
	method?: string;
	/** Prefix of the path relative to /v3, e.g. '/sms' or '/voices'. */
	path?: string;
	kind: FaultKind;
	/** How many matching requests it hits; default 1; Infinity allowed. */
	times?: number;
	latencyMs?: number;
	/** For 'status'; default 503. */
	status?: number;
	/** For 'rate-limit' (429 with Retry-After); default 1. */
	retryAfterSeconds?: number;
	/** For status / malformed-json / drop. */
	afterProcessing?: boolean;
}

/** The control route receives faults as JSON, where Infinity cannot be written: accept null or "Infinity". */
export const faultSchema = z
	.object({
		method: z.string().min(1).optional(),
		path: z.string().startsWith('/', 'must start with / (relative to /v3)').optional(),
		kind: z.enum([
			'latency',
			'status',
			'rate-limit',
			'malformed-json',
			'drop',
			...INTERACT_FAULT_KINDS,
		]),
		times: z
			.union([z.number().int().positive(), z.literal(Infinity), z.literal('Infinity'), z.null()])
			.transform((value) => (value === 'Infinity' || value === null ? Infinity : value))
			.optional(),
		latencyMs: z.number().int().min(0).max(120_000).optional(),
		status: z.number().int().min(100).max(599).optional(),
		retryAfterSeconds: z.number().int().min(0).optional(),
		afterProcessing: z.boolean().optional(),
	})
	.strict();

interface ActiveFault {
	fault: Fault;
	remaining: number;
}

export class FaultQueue {
	private active: ActiveFault[] = [];

	add(fault: Fault): void {
		const checked = faultSchema.parse(fault) as Fault;
		this.active.push({ fault: checked, remaining: checked.times ?? 1 });
	}

	clear(): void {
		this.active = [];
	}

	list(): Array<Fault & { remaining: number }> {
		return this.active.map(({ fault, remaining }) => ({ ...fault, remaining }));
	}

	/** The first fault matching the request, consumed by one use; faults fire in the order injected. */
	take(method: string, path: string): Fault | undefined {
		// The socket takes only faults set on its path, and its own kinds never hit an API route.
		const socket = path === '/interact';
		const index = this.active.findIndex(
			({ fault }) =>
				(socket
					? fault.path === path && (fault.kind === 'latency' || isInteractKind(fault.kind))
					: !isInteractKind(fault.kind)) &&
				(!fault.method || fault.method.toUpperCase() === method) &&
				(!fault.path || pathHasPrefix(path, fault.path)),
		);
		if (index < 0) return undefined;
		const entry = this.active[index];
		entry.remaining -= 1;
		if (entry.remaining <= 0) this.active.splice(index, 1);
		return entry.fault;
	}
}

function isInteractKind(kind: FaultKind): boolean {
	return (INTERACT_FAULT_KINDS as readonly string[]).includes(kind);
}

/** '/sms' matches '/sms' and '/sms/x' but not '/smsx'; a prefix ending in '/' matches as written. */
function pathHasPrefix(path: string, prefix: string): boolean {
	if (prefix.endsWith('/')) return path.startsWith(prefix);
	return path === prefix || path.startsWith(`${prefix}/`);
}
