import type { EventType } from '../../nodes/shared/contracts/events';
import { deliverEvent, type DeliveredEvent } from './events';

/**
 * Where API activity posts the events the spec names, the way the platform posts them:
 *  - the workspace receiver the control route registers (no subscription API is specified);
 *  - the `webhookUrl` of the agent an event names (`payload.agentId`), in both sandbox modes.
 *    That an agent's events go there is our reading of the field's one-line description in the
 *    OpenAPI 1.0.4 (docs/trigger.md); same envelope, same workspace secret.
 * A URL that is both gets the event once. Deliveries never hold up the API answer; settle()
 * waits for them.
 */
export class EventReceiver {
	url?: string;
	private readonly pending = new Set<Promise<unknown>>();

	/** `agentWebhookUrl`: the agent's `webhookUrl` as the API last set it, if any. */
	constructor(
		private readonly delivered: DeliveredEvent[],
		private readonly agentWebhookUrl: (agentId: string) => string | undefined = () => undefined,
	) {}

	emit(type: EventType, payload: Record<string, unknown>, workspaceSecret: string): void {
		const agentId = typeof payload.agentId === 'string' ? payload.agentId : undefined;
		const targets = new Set(
			[this.url, agentId && this.agentWebhookUrl(agentId)].filter(
				(url): url is string => typeof url === 'string' && /^https?:\/\//.test(url),
			),
		);
		for (const target of targets) {
			// The payload is complete: no sample value (another lead's email) rides along.
			const delivery = deliverEvent(
				target,
				type,
				{ payload, workspaceSecret, complete: true },
				this.delivered,
			).catch(() => {
				// A receiver that is down is recorded with status 0, as the platform does not retry.
			});
			this.pending.add(delivery);
			void delivery.finally(() => this.pending.delete(delivery));
		}
	}

	/** Resolves once every delivery started so far has been answered or has failed. */
	async settle(): Promise<void> {
		while (this.pending.size) await Promise.all([...this.pending]);
	}

	clear(): void {
		this.url = undefined;
	}

	/** The control route `/__sandbox/event-receiver`: GET shows, POST `{ url }` sets, DELETE removes. */
	control(method: string, body: unknown): { status: number; body: unknown } {
		if (method === 'GET') return { status: 200, body: { url: this.url ?? null } };
		if (method === 'DELETE') {
			this.clear();
			return { status: 200, body: { success: true, message: 'No event receiver.' } };
		}
		const target = (body as { url?: unknown }).url;
		if (typeof target !== 'string' || !/^https?:\/\//.test(target)) {
			return {
				status: 400,
				body: {
					message: 'Send { url } with the http(s) URL that receives the events.',
					code: 'VALIDATION_ERROR',
				},
			};
		}
		this.url = target;
		return { status: 200, body: { success: true, message: `Events now go to ${target}.` } };
	}
}
