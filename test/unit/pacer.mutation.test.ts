/**
 * The RatePacer (nodes/Convocore/transport/pacer.ts) send by send on a simulated clock, written against the
 * survivors of a mutation run (npm run mutation:core): the allowance read from the first 429s,
 * exactly that many sends per period and then a wait to the millisecond, the probe one higher
 * after four quiet periods, and the cut when a paced send is refused anyway.
 */
import { RatePacer, type SendRecord } from '../../nodes/Convocore/transport/pacer';

/** A pacer on a clock that only its waits (and the test) move. */
function pacerOnClock() {
	const clock = { now: 0 };
	const waits: number[] = [];
	const pacer = new RatePacer(
		() => clock.now,
		async (ms) => {
			waits.push(ms);
			clock.now += ms;
		},
	);
	return { clock, waits, pacer };
}

/** `count` sends 1 ms apart from the current time, unpaced (no allowance known yet). */
function burst(setup: ReturnType<typeof pacerOnClock>, count: number): SendRecord[] {
	const sends: SendRecord[] = [];
	for (let i = 0; i < count; i++) {
		sends.push(setup.pacer.take() as SendRecord);
		setup.clock.now += 1;
	}
	return sends;
}

async function takeTimes(pacer: RatePacer, count: number): Promise<number[]> {
	const at: number[] = [];
	for (let i = 0; i < count; i++) at.push((await pacer.take()).at);
	return at;
}

describe('learning the allowance', () => {
	it('is the count of sends the server took in the period before the first refused one', () => {
		const setup = pacerOnClock();
		const sends = burst(setup, 15);
		expect(sends.every((send) => send.pacedBy === undefined && !send.refused)).toBe(true);
		setup.pacer.refused(sends[10], 1000);
		expect(setup.pacer.limit).toBe(10);
		expect(sends[10].refused).toBe(true);
		// Later refusals of the same burst count more (the refused ones excepted): the smallest stays.
		for (const send of sends.slice(11)) setup.pacer.refused(send, 1000);
		expect(setup.pacer.limit).toBe(10);
	});

	it('counts only the sends within one period before the refused one, and not those refused', () => {
		const setup = pacerOnClock();
		const early = burst(setup, 3);
		setup.clock.now = 1002;
		const sends = burst(setup, 6);
		setup.pacer.refused(sends[1], undefined);
		// sends[1] at 1003: the early ones at 0, 1 and 2 are more than a period before it; only sends[0] counts.
		expect(setup.pacer.limit).toBe(1);
		expect(early).toHaveLength(3);
		const other = pacerOnClock();
		const first = burst(other, 4);
		other.pacer.refused(first[1], undefined);
		expect(other.pacer.limit).toBe(1);
		other.pacer.refused(first[3], undefined);
		// first[1] was refused: of the three before first[3], two count, and the smallest stays 1.
		expect(other.pacer.limit).toBe(1);
	});

	it('a send exactly one period older does not count; one a millisecond younger does', () => {
		const count = (gap: number) => {
			const setup = pacerOnClock();
			burst(setup, 1);
			setup.clock.now = gap;
			const [refused] = burst(setup, 1);
			setup.pacer.refused(refused, 1000);
			return setup.pacer.limit;
		};
		expect(count(1000)).toBeUndefined();
		expect(count(999)).toBe(1);
	});

	it('a longer pause named by the server is the period', () => {
		const setup = pacerOnClock();
		burst(setup, 1);
		setup.clock.now = 2500;
		const [refused] = burst(setup, 1);
		setup.pacer.refused(refused, 3000);
		expect(setup.pacer.limit).toBe(1);
	});

	it('a send it does not know sets nothing', () => {
		const setup = pacerOnClock();
		burst(setup, 5);
		setup.pacer.refused({ at: 3, pacedBy: undefined, refused: false }, 1000);
		expect(setup.pacer.limit).toBeUndefined();
	});
});

describe('pacing', () => {
	it('lets exactly the allowance through per period (plus 3 %), each next one waiting to the millisecond', async () => {
		const setup = pacerOnClock();
		const sends = burst(setup, 15);
		for (const send of sends.slice(10)) setup.pacer.refused(send, 1000);
		// Ten were taken at 0..9: the next go out as each of them is 1030 ms old.
		expect(await takeTimes(setup.pacer, 12)).toEqual([
			1030, 1031, 1032, 1033, 1034, 1035, 1036, 1037, 1038, 1039, 2060, 2061,
		]);
		expect(setup.waits).toEqual([1015, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1021, 1]);
		expect((await setup.pacer.take()).pacedBy).toBe(10);
	});

	it('goes one higher after four periods without a 429, once per four periods', async () => {
		const setup = pacerOnClock();
		const sends = burst(setup, 3);
		setup.pacer.refused(sends[2], 1000);
		expect(setup.pacer.limit).toBe(2);
		// Learnt at 3 ms: the probe is due from 4003 ms on.
		setup.clock.now = 4002;
		expect(await takeTimes(setup.pacer, 3)).toEqual([4002, 4002, 5032]);
		expect(setup.pacer.limit).toBe(2);
		setup.clock.now = 8003;
		await takeTimes(setup.pacer, 2);
		expect(setup.pacer.limit).toBe(2);
		const third = await setup.pacer.take();
		expect(setup.pacer.limit).toBe(3);
		expect(third.at).toBe(8003);
		expect(third.pacedBy).toBe(3);
	});

	it('a paced send refused anyway takes one off, once per period, and doubles the time to the next probe', async () => {
		const setup = pacerOnClock();
		const sends = burst(setup, 6);
		setup.pacer.refused(sends[5], 1000);
		expect(setup.pacer.limit).toBe(5);
		setup.clock.now = 2000;
		const paced = await setup.pacer.take();
		expect(paced.pacedBy).toBe(5);
		setup.pacer.refused(paced, 1000);
		expect(setup.pacer.limit).toBe(4);
		// Within the same period a second refusal takes nothing more off.
		const again = await setup.pacer.take();
		setup.pacer.refused(again, 1000);
		expect(setup.pacer.limit).toBe(4);
		// A period later it does.
		setup.clock.now = 3000;
		const later = await setup.pacer.take();
		setup.pacer.refused(later, 1000);
		expect(setup.pacer.limit).toBe(3);
		// Probes now wait 4 s × 2 × 2 = 16 s from the last cut (3000): none at 18999, one at 19000.
		setup.clock.now = 18_999;
		await takeTimes(setup.pacer, 3);
		expect(setup.pacer.limit).toBe(3);
		setup.clock.now = 19_000 + 5000;
		await takeTimes(setup.pacer, 4);
		expect(setup.pacer.limit).toBe(4);
	});

	it('a paced refusal whose period holds fewer sends lowers the allowance to that count', async () => {
		const setup = pacerOnClock();
		const sends = burst(setup, 9);
		setup.pacer.refused(sends[8], 1000);
		expect(setup.pacer.limit).toBe(8);
		setup.clock.now = 5000;
		const a = await setup.pacer.take();
		setup.clock.now += 1;
		const b = await setup.pacer.take();
		setup.clock.now += 1;
		const c = await setup.pacer.take();
		setup.pacer.refused(c, 1000);
		// Two taken before it in the period: min(8, 2, 8 - 1) = 2.
		expect(setup.pacer.limit).toBe(2);
		expect([a.refused, b.refused, c.refused]).toEqual([false, false, true]);
	});

	it('never goes below one', async () => {
		const setup = pacerOnClock();
		const sends = burst(setup, 2);
		setup.pacer.refused(sends[1], 1000);
		expect(setup.pacer.limit).toBe(1);
		setup.clock.now = 2000;
		const paced = await setup.pacer.take();
		setup.pacer.refused(paced, 1000);
		expect(setup.pacer.limit).toBe(1);
	});

	it('takes turns in arrival order', async () => {
		const setup = pacerOnClock();
		const sends = burst(setup, 2);
		setup.pacer.refused(sends[1], 1000);
		const order: number[] = [];
		await Promise.all([1, 2, 3].map(async (n) => order.push(n, (await setup.pacer.take()).at)));
		expect(order).toEqual([1, 1030, 2, 2060, 3, 3090]);
	});

	it('forgets sends older than three periods, also across more than a thousand of them', async () => {
		const setup = pacerOnClock();
		const sends = burst(setup, 1);
		setup.clock.now = 500;
		const [refused] = burst(setup, 1);
		setup.pacer.refused(refused, 1000);
		expect(setup.pacer.limit).toBe(1);
		// 1,500 paced sends: never more in any 1,030 ms than the allowance they were paced by.
		const paced: SendRecord[] = [];
		for (let i = 0; i < 1500; i++) paced.push(await setup.pacer.take());
		const crowded = paced.filter(
			(send, i) =>
				paced.slice(0, i + 1).filter((other) => other.at > send.at - 1030).length >
				(send.pacedBy as number),
		);
		expect(crowded).toEqual([]);
		expect(paced[1499].at).toBeGreaterThan(paced[0].at);
		expect(sends).toHaveLength(1);
	});
});
