import type { EventType } from '../nodes/shared/contracts/events';
import { deliverEvent, type DeliveredEvent } from './events';

/**
 * The event receiver the control route registers (no subscription API is specified): once a
 * URL is set, API activity posts the events the spec names there, the way the platform posts to
 * a workspace webhook. Deliveries never hold up the API answer; settle() waits for them.
 */
export class EventReceiver {
	url?: string;
	private readonly pending = new Set<Promise<unknown>>();

	constructor(private readonly delivered: DeliveredEvent[]) {}

	emit(type: EventType, payload: Record<string, unknown>, workspaceSecret: string): void {
		if (!this.url) return;
		// The payload is complete: no sample value (another lead's email) rides along.
		const delivery = deliverEvent(this.url, type, { payload, workspaceSecret, complete: true }, this.delivered).catch(() => {
			// A receiver that is down is recorded with status 0, as the platform does not retry.
		});
		this.pending.add(delivery);
		void delivery.finally(() => this.pending.delete(delivery));
	}

	/** Resolves once every delivery started so far has been answered or has failed. */
	async settle(): Promise<void> {
		while (this.pending.size) await Promise.all([...this.pending]);
	}

	clear(): void {
		this.url = undefined;
	}
}
