/**
 * ItemGate.freeSlot: an item that goes on waiting after its requests (Crawler Job > Create with
 * Wait for Completion) frees its slot at once, reports only the latency so far, and is not
 * released a second time when it ends.
 */
import { sleep } from 'n8n-workflow';
import { FixedLimit, type Outcome, type Permit } from '../../nodes/shared/concurrency';
import { ItemGate } from '../../nodes/Convocore/actions/concurrency';
import { RateLimitGate } from '../../nodes/shared/transport';

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
