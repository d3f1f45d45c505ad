/**
 * The deadlines of interact turns (./interactSocket.ts), all on one timer. A turn's deadline is
 * almost always stopped by its turn's end, long before it passes; a timer per turn, started and
 * stopped, was a third of the socket client's own CPU per turn (bench: converse). Here starting
 * and stopping one is adding it to a set and deleting it; the one timer is armed for the earliest
 * deadline and, when it fires, expires what is due and arms itself for the next.
 *
 * The timer is `AbortSignal.timeout`'s, as a request's deadline uses (shared/deadline.ts): no
 * global setTimeout in a verified node, Node keeps the signal alive while it has the listener, and
 * its timer keeps no process alive, so a timer left armed after the last turn ended costs nothing
 * and finds nothing to expire when it fires.
 */

interface TurnDeadline {
	readonly endsAt: number;
	readonly expire: () => void;
}

const waiting = new Set<TurnDeadline>();
/** When the armed timer fires (Infinity: none armed). */
let armedFor = Infinity;

function armFor(endsAt: number): void {
	armedFor = endsAt;
	AbortSignal.timeout(Math.max(Math.ceil(endsAt - performance.now()), 0)).addEventListener(
		'abort',
		() => {
			if (armedFor === endsAt) armedFor = Infinity;
			expireDue();
		},
		{ once: true },
	);
}

function expireDue(): void {
	const now = performance.now();
	const due: TurnDeadline[] = [];
	let next = Infinity;
	for (const deadline of waiting) {
		if (deadline.endsAt <= now) due.push(deadline);
		else if (deadline.endsAt < next) next = deadline.endsAt;
	}
	for (const deadline of due) waiting.delete(deadline);
	// In the order they end: a timer that fires late (a busy machine) finds several due at once.
	due.sort((a, b) => a.endsAt - b.endsAt);
	// Armed for the rest before any expiry runs, so nothing an expiry does can leave them unarmed.
	if (next < armedFor) armFor(next);
	for (const deadline of due) deadline.expire();
}

/** Calls `expire` once `ms` have passed, unless the function returned is called first. */
export function startTurnDeadline(ms: number, expire: () => void): () => void {
	const deadline: TurnDeadline = { endsAt: performance.now() + ms, expire };
	waiting.add(deadline);
	if (deadline.endsAt < armedFor) armFor(deadline.endsAt);
	return () => waiting.delete(deadline);
}
