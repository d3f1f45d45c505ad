/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
/**
 * ItemGate.freeSlot: an item that goes on waiting after its requests (Crawler Job > Create with
 * Wait for Completion) frees its slot at once, reports only the latency so far, and is not
 * released a second time when it ends. A wait at the 429 gate that the deadline or a cancel ends
 * leaves no send counted by the pacer.
 */
import { sleep, type IExecuteFunctions, type INode } from 'n8n-workflow';
import { AdaptiveLimit } from '../../nodes/Convocore/transport/concurrency';
import { FixedLimit, type Outcome, type Permit } from '../../nodes/Convocore/transport/slotLimit';
import { type SendRecord } from '../../nodes/Convocore/transport/pacer';
import { ItemGate } from '../../nodes/Convocore/helpers/concurrency';
import { sendWithRetries, RateLimitGate } from '../../nodes/Convocore/transport/retries';

class RecordingLimit extends FixedLimit {
	readonly released: Outcome[] = [];

	override release(permit: Permit, outcome: Outcome): void {
		this.released.push(outcome);
		super.release(permit, outcome);
	}
}

describe('ItemGate.freeSlot', () => {
	it('frees the slot for the next item, with the latency so far, and only once', async () => {
		const limit = new RecordingLimit(1);
		const permit = await limit.acquire();
		const gate = new ItemGate(new RateLimitGate(), limit, permit);
		let nextStarted = false;
		const next = limit.acquire().then((nextPermit) => {
			nextStarted = true;
			return nextPermit;
		});
		await sleep(20);
		expect(nextStarted).toBe(false);

		gate.freeSlot();
		await next;
		expect(nextStarted).toBe(true);
		expect(limit.released).toHaveLength(1);
		const [outcome] = limit.released;
		expect(outcome.kind).toBe('answered');
		expect((outcome as { latencyMs: number }).latencyMs).toBeLessThan(1000);

		// The long wait that follows is not reported: the item's end releases nothing more.
		await sleep(50);
		gate.release(gate.outcomeSoFar());
		expect(limit.released).toHaveLength(1);
		expect(limit.inFlight).toBe(1);
	});

	it('an item answered 429 reports nothing as latency', async () => {
		const limit = new RecordingLimit(2);
		const gate = new ItemGate(new RateLimitGate(), limit, await limit.acquire());
		gate.pauseFor(10);
		gate.freeSlot();
		expect(limit.released).toEqual([{ kind: 'ignored' }]);
	});
});

describe('a wait at the 429 gate ended by the deadline or a cancel', () => {
	/** A 429 gate that holds its waiters until released, so the test decides when the wait ends. */
	class HeldGate extends RateLimitGate {
		private releaseAll: () => void = () => undefined;
		private readonly held = new Promise<void>((resolve) => (this.releaseAll = resolve));
		override remainingMs(): number {
			return 0;
		}
		override async wait(): Promise<void> {
			await this.held;
		}
		release(): void {
			this.releaseAll();
		}
	}

	const node: INode = {
		id: '1',
		name: 'Convocore',
		type: 'n8n-nodes-convocore.convocore',
		typeVersion: 3,
		position: [0, 0],
		parameters: {},
	};

	it.each(['cancel', 'deadline'] as const)(
		'%s: the pacer counts no send for it',
		async (ending) => {
			let clock = 0;
			const pauses: number[] = [];
			const limit = new AdaptiveLimit({
				ceiling: 5,
				now: () => clock,
				sleep: async (ms) => void (pauses.push(ms), (clock += ms)),
			});
			// The pacer learns an allowance of 2 per second: two sends taken, the third refused.
			const [, , third] = [
				limit.beforeAttempt(),
				limit.beforeAttempt(),
				limit.beforeAttempt(),
			] as SendRecord[];
			const permit = await limit.acquire();
			limit.observe(permit, { kind: 'rateLimited', pauseMs: 1000, send: third });
			expect(limit.rateAllowance).toBe(2);
			clock += 1100; // that period is over; no probe for a higher allowance yet

			const shared = new HeldGate();
			const cancel = new AbortController();
			const ctx = {
				getNode: () => node,
				getExecutionCancelSignal: () => cancel.signal,
			} as unknown as IExecuteFunctions;
			let sent = 0;
			const request = sendWithRetries(
				ctx,
				{ method: 'POST', url: 'http://127.0.0.1:9/sms' },
				{
					ctx,
					request: { method: 'POST', path: '/sms' },
					scope: {
						gate: new ItemGate(shared, limit, permit),
						timeoutMs: ending === 'deadline' ? 30 : 60_000,
					},
					secrets: new Set(),
				},
				async () => {
					sent++;
					return { statusCode: 200, headers: {}, body: '{}' };
				},
			);
			if (ending === 'cancel') cancel.abort();
			await expect(request).rejects.toThrow(ending === 'cancel' ? /cancelled/ : /did not answer/);
			// The gate opens after the request has ended: what the wait does then must not count.
			shared.release();
			for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
			expect(sent).toBe(0);

			// Two sends fit the allowance at once; the third waits for the period.
			await limit.beforeAttempt();
			await limit.beforeAttempt();
			expect(pauses).toEqual([]);
		},
	);
});
