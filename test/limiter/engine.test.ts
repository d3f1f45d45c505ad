/**
 * The concurrency guarantees through n8n's engine against the sandbox over HTTP, with the number
 * of requests in flight measured at the server.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { RecordedRequest } from '../../sandbox';
import { runConvocore, sandboxCredential, smsParameters, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();

const items = (n: number, tag: string): INodeExecutionData[] =>
	Array.from({ length: n }, (_, i) => ({ json: { to: `+4917600${String(i).padStart(5, '0')}`, message: `${tag} #${i}` } }));

/** Index of the item a recorded POST /sms belongs to, from its recipient. */
const itemOf = (request: RecordedRequest) => Number((request.body as { to: string }).to.slice(-5));

async function sendSms(input: INodeExecutionData[], options: INodeParameters = {}, continueOnFail = false) {
	return await runConvocore(smsParameters(options), { credential: sandboxCredential(sandbox.current), input, continueOnFail });
}

const posts = () => sandbox.current.requests({ method: 'POST', path: '/sms' });

function expectEachSentOnceInOrder(input: INodeExecutionData[], output: INodeExecutionData[]) {
	expect(output.map((item) => item.json.to)).toEqual(input.map((item) => item.json.to));
	expect(output.map((item) => (item.pairedItem as { item: number }).item)).toEqual(input.map((_, i) => i));
	const recipients = sandbox.current.sentSms.map((sms) => sms.to);
	expect(recipients).toHaveLength(input.length);
	expect(new Set(recipients).size).toBe(input.length);
}

describe('adaptive concurrency (the default)', () => {
	it('grows on an idle server and never goes above Max Concurrency', async () => {
		sandbox.current.shapeLoad({ latencyMs: () => 80 });
		const input = items(120, 'ceiling');
		const run = await sendSms(input, { maxConcurrency: 24 });
		expectEachSentOnceInOrder(input, run.items());
		// Starts at the ceiling: more than the old start of 10 is seen, the ceiling never exceeded.
		expect(sandbox.current.peakInFlight).toBeGreaterThan(10);
		expect(sandbox.current.peakInFlight).toBeLessThanOrEqual(24);
	});

	it('never goes above the default ceiling of 50', async () => {
		sandbox.current.shapeLoad({ latencyMs: () => 100 });
		const input = items(250, 'default ceiling');
		const run = await sendSms(input);
		expectEachSentOnceInOrder(input, run.items());
		expect(sandbox.current.peakInFlight).toBeLessThanOrEqual(50);
		expect(sandbox.current.peakInFlight).toBeGreaterThan(20);
	});

	it('backs off on 429s and sends every item exactly once through a rate limit', async () => {
		sandbox.current.shapeLoad({ latencyMs: () => 20, rateLimit: { limit: 30, path: '/sms', method: 'POST' } });
		const input = items(150, '429 storm');
		const run = await sendSms(input);
		expectEachSentOnceInOrder(input, run.items());

		const all = posts();
		const refused = all.filter((request) => request.status === 429);
		// The first window (the ceiling, 50) is over the limit (30): about 20 refused once. After
		// that the node keeps to the 30 per second the server showed, retries included: a few
		// more 429s at most (the probe after the first window, a try one above the rate). On a
		// busy machine the first burst can straddle an edge of the server's window and be counted
		// as one window: the rate is then read right from the first paced burst, refused in part once.
		expect(refused.length).toBeGreaterThan(0);
		expect(refused.length).toBeLessThanOrEqual(2 * (50 - 30) + 5);
		// Every item was answered 200 exactly once; 429s are refusals, not sends.
		const delivered = all.filter((request) => request.status === 200).map(itemOf);
		expect(delivered.sort((a, b) => a - b)).toEqual(input.map((_, i) => i));
	});

	it('starts at the ceiling: a batch that fits goes out at once, a larger one fills the ceiling before any answer', async () => {
		sandbox.current.shapeLoad({ latencyMs: () => 300 });
		const fits = items(40, 'fits');
		expectEachSentOnceInOrder(fits, (await sendSms(fits)).items());
		expect(sandbox.current.peakInFlight).toBe(40);
		sandbox.current.reset();
		sandbox.current.shapeLoad({ latencyMs: () => 300 });
		const larger = items(80, 'larger');
		expectEachSentOnceInOrder(larger, (await sendSms(larger, { maxConcurrency: 30 })).items());
		// The 30th request found 29 others in flight: none had been answered yet.
		expect(sandbox.current.inFlightAt(posts()[29])).toBe(30);
		expect(sandbox.current.peakInFlight).toBe(30);
	});

	it('a first window far above a rate limit is refused once, not again (20 req/s, first window 50)', async () => {
		sandbox.current.shapeLoad({ rateLimit: { limit: 20, path: '/sms', method: 'POST' } });
		const input = items(100, 'small limit');
		expectEachSentOnceInOrder(input, (await sendSms(input)).items());
		const all = posts();
		const refused = all.filter((request) => request.status === 429);
		// 30 of the first 50 (fewer when the server's window turned during the burst, and then
		// part of the first paced burst), then at most the probe and a try one above the rate:
		// no storm.
		expect(refused.length).toBeGreaterThan(0);
		expect(refused.length).toBeLessThanOrEqual(50 - 20 + 10);
	});

	it('backs off when latency climbs', async () => {
		let answered = 0;
		sandbox.current.shapeLoad({ latencyMs: () => (answered++ < 150 ? 20 : 3000) });
		const input = items(250, 'slowing');
		const run = await sendSms(input);
		expectEachSentOnceInOrder(input, run.items());
		const peak = sandbox.current.peakInFlight;
		// The first slow answers come back three seconds after the first slow request: the window is
		// cut then, so what goes out after that goes out fewer at a time. The climb is large (20 ms
		// to 3 s) because latency is measured in the node, where a window of 50 built and read one
		// after another in this process (sandbox included) is itself ~100 ms, and several hundred
		// ms on a loaded CI machine: a climb to 1 s was then less than the 3x that means a queue,
		// no cut came, and the test failed though the back-off worked.
		// (Later, once the slower answers are the norm, it may grow again: the server is slower,
		// not overloaded.)
		const slowSince = posts()[150].at;
		const afterCut = posts()
			.filter((request) => request.at >= slowSince + 3100)
			.map((request) => sandbox.current.inFlightAt(request));
		expect(peak).toBeGreaterThan(15);
		expect(afterCut.length).toBeGreaterThan(0);
		expect(Math.max(...afterCut)).toBeLessThan(peak);
	});
});

describe('Options > Concurrency (as workflows saved with 0.1.0 set it)', () => {
	it.each([1, 5, 20])('keeps exactly %i in flight, whatever Max Concurrency says', async (concurrency) => {
		sandbox.current.shapeLoad({ latencyMs: () => 30 });
		const input = items(60, `fixed ${concurrency}`);
		const run = await sendSms(input, { concurrency, maxConcurrency: 100 });
		expectEachSentOnceInOrder(input, run.items());
		expect(sandbox.current.peakInFlight).toBe(concurrency);
	});
});

describe('for any number in flight', () => {
	/** Later items answer sooner: completion order is the reverse of input order. */
	const reversedLatency = (n: number) => (request: RecordedRequest) => (n - itemOf(request)) * 4;

	it.each([
		['adaptive', {}],
		['Concurrency 7', { concurrency: 7 }],
	])('%s: outputs stay in input order and paired when items take different times', async (_label, options) => {
		sandbox.current.shapeLoad({ latencyMs: reversedLatency(40) });
		const input = items(40, 'order');
		const run = await sendSms(input, options);
		expectEachSentOnceInOrder(input, run.items());
		// The sandbox did finish them out of order.
		const arrivals = posts().map(itemOf);
		expect(arrivals).toEqual(input.map((_, i) => i));
	});

	it.each([
		['adaptive (starts at its ceiling, here 10)', { maxConcurrency: 10 }, 10],
		['Concurrency 5', { concurrency: 5 }, 5],
	])('%s, without Continue On Fail: no request starts after a failure', async (_label, options, firstWave) => {
		// Item 2 fails at once; the others of the first wave take 1 s, so a runner that kept
		// going would send item `firstWave` as soon as item 2's slot was free.
		sandbox.current.shapeLoad({
			latencyMs: (request) => (itemOf(request) === 2 ? 0 : 1000),
			failWith: (request) => (itemOf(request) === 2 ? 400 : undefined),
		});
		const input = items(30, 'stop');
		const run = await sendSms(input, options);
		expect(run.error('Convocore')?.message).toBeDefined();
		expect(posts().map(itemOf).sort((a, b) => a - b)).toEqual(Array.from({ length: firstWave }, (_, i) => i));
		expect(sandbox.current.sentSms).toHaveLength(firstWave - 1);
	});

	it('with Continue On Fail, every item is tried once and the failure is an error item in its place', async () => {
		sandbox.current.shapeLoad({ failWith: (request) => (itemOf(request) === 2 ? 400 : undefined) });
		const input = items(30, 'continue');
		const output = (await sendSms(input, {}, true)).items();
		expect(output).toHaveLength(30);
		expect(output[2].json.error).toBeDefined();
		expect(output.map((item) => (item.pairedItem as { item: number }).item)).toEqual(input.map((_, i) => i));
		expect(posts()).toHaveLength(30);
	});

	it('an invalid item stops the run before anything is sent, at any concurrency', async () => {
		const input = items(30, 'invalid');
		input[17] = { json: { to: 'not a number', message: 'x' } };
		const run = await sendSms(input);
		const error = run.error('Convocore') as { message?: string; context?: { itemIndex?: number } } | undefined;
		expect(error?.message).toMatch(/^Invalid SMS request: to: /);
		expect(error?.context?.itemIndex).toBe(17);
		expect(posts()).toHaveLength(0);
	});

	it('refuses a Max Concurrency outside 1 to 100 before sending', async () => {
		const run = await sendSms(items(3, 'bad option'), { maxConcurrency: 101 });
		expect(run.error('Convocore')?.message).toMatch(/options\.maxConcurrency: must be a whole number between 1 and 100/);
		expect(posts()).toHaveLength(0);
	});
});
