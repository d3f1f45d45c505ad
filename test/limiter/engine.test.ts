/**
 * The concurrency guarantees through n8n's engine against the sandbox over HTTP, with the number
 * of requests in flight measured at the server.
 *
 * Counted, not timed: the server holds every answer until the number of requests in flight a
 * guarantee speaks of is reached (holdUntilInFlight), so no answer can come back early on a
 * fast machine nor late on a busy one. A limit that never lets that many out holds the run until
 * jest's timeout: a failure, never a pass. What only time can show (how many 429s a rate limit
 * costs, the cut when latency climbs) is a figure of `npm run bench` (limit, limit10, backoff);
 * the limiter's unit tests (concurrency.test.ts, pacer.test.ts) check the same logic on a fake
 * clock.
 */
import { sleep, type INodeExecutionData, type INodeParameters } from 'n8n-workflow';
import type { RecordedRequest } from '../../sandbox/server/recorded';
import { runConvocore, sandboxCredential, smsParameters, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();

const items = (n: number, tag: string): INodeExecutionData[] =>
	Array.from({ length: n }, (_, i) => ({
		json: { to: `+4917600${String(i).padStart(5, '0')}`, message: `${tag} #${i}` },
	}));

/** Index of the item a recorded POST /sms belongs to, from its recipient. */
const itemOf = (request: RecordedRequest) => Number((request.body as { to: string }).to.slice(-5));

async function sendSms(
	input: INodeExecutionData[],
	options: INodeParameters = {},
	continueOnFail = false,
) {
	return await runConvocore(smsParameters(options), {
		credential: sandboxCredential(sandbox.current),
		input,
		continueOnFail,
	});
}

const posts = () => sandbox.current.requests({ method: 'POST', path: '/sms' });

/**
 * After `count` are in flight, the answers wait this much longer: a limit that lets more out sends
 * them together with the others, before any answer, so they arrive in it. Only a margin for a
 * defect to show; a correct run passes however long the machine takes.
 */
const GRACE_MS = 150;

/** A LoadModel `hold`: no answer until `count` requests were in flight at once (and GRACE_MS more), then every answer. */
function holdUntilInFlight(count: number) {
	let opened: Promise<void> | undefined;
	let open: () => void = () => undefined;
	const gate = new Promise<void>((resolve) => (open = resolve));
	return (): Promise<void> => {
		if (!opened && sandbox.current.peakInFlight >= count) opened = sleep(GRACE_MS).then(open);
		return gate;
	};
}

function expectEachSentOnceInOrder(input: INodeExecutionData[], output: INodeExecutionData[]) {
	expect(output.map((item) => item.json.to)).toEqual(input.map((item) => item.json.to));
	expect(output.map((item) => (item.pairedItem as { item: number }).item)).toEqual(
		input.map((_, i) => i),
	);
	const recipients = sandbox.current.sentSms.map((sms) => sms.to);
	expect(recipients).toHaveLength(input.length);
	expect(new Set(recipients).size).toBe(input.length);
}

describe('adaptive concurrency (the default)', () => {
	it('starts at Max Concurrency and never goes above it', async () => {
		sandbox.current.shapeLoad({ hold: holdUntilInFlight(24) });
		const input = items(120, 'ceiling');
		const run = await sendSms(input, { maxConcurrency: 24 });
		expectEachSentOnceInOrder(input, run.items());
		expect(sandbox.current.peakInFlight).toBe(24);
	});

	it('starts at the default ceiling of 50 and never goes above it', async () => {
		sandbox.current.shapeLoad({ hold: holdUntilInFlight(50) });
		const input = items(250, 'default ceiling');
		const run = await sendSms(input);
		expectEachSentOnceInOrder(input, run.items());
		expect(sandbox.current.peakInFlight).toBe(50);
	});

	it('sends every item exactly once through a rate limit; 429s are refusals, not sends', async () => {
		// The first window (the ceiling, 50) is over the limit (30). How few 429s that costs is the
		// bench's figure (limit, limit10): it depends on where the server's clock-aligned windows fall.
		sandbox.current.shapeLoad({
			hold: holdUntilInFlight(50),
			rateLimit: { limit: 30, path: '/sms', method: 'POST' },
		});
		const input = items(150, '429 storm');
		const run = await sendSms(input);
		expectEachSentOnceInOrder(input, run.items());
		const delivered = posts()
			.filter((request) => request.status === 200)
			.map(itemOf);
		expect(delivered.sort((a, b) => a - b)).toEqual(input.map((_, i) => i));
	});

	it('starts at the ceiling: a batch that fits goes out at once, a larger one fills the ceiling before any answer', async () => {
		sandbox.current.shapeLoad({ hold: holdUntilInFlight(40) });
		const fits = items(40, 'fits');
		expectEachSentOnceInOrder(fits, (await sendSms(fits)).items());
		expect(sandbox.current.peakInFlight).toBe(40);
		sandbox.current.reset();
		sandbox.current.shapeLoad({ hold: holdUntilInFlight(30) });
		const larger = items(80, 'larger');
		expectEachSentOnceInOrder(larger, (await sendSms(larger, { maxConcurrency: 30 })).items());
		// The 30th request found 29 others in flight: none had been answered yet.
		expect(sandbox.current.inFlightAt(posts()[29])).toBe(30);
		expect(sandbox.current.peakInFlight).toBe(30);
	});
});

describe('Options > Concurrency (as workflows saved with 0.1.0 set it)', () => {
	it.each([1, 5, 20])(
		'keeps exactly %i in flight, whatever Max Concurrency says',
		async (concurrency) => {
			sandbox.current.shapeLoad({ hold: holdUntilInFlight(concurrency) });
			const input = items(60, `fixed ${concurrency}`);
			const run = await sendSms(input, { concurrency, maxConcurrency: 100 });
			expectEachSentOnceInOrder(input, run.items());
			expect(sandbox.current.peakInFlight).toBe(concurrency);
		},
	);
});

describe('for any number in flight', () => {
	/** Later items answer sooner: completion order is the reverse of input order. */
	const reversedLatency = (n: number) => (request: RecordedRequest) => (n - itemOf(request)) * 4;

	it.each([
		['adaptive', {}],
		['Concurrency 7', { concurrency: 7 }],
	])(
		'%s: outputs stay in input order and paired when items take different times',
		async (_label, options) => {
			sandbox.current.shapeLoad({ latencyMs: reversedLatency(40) });
			const input = items(40, 'order');
			const run = await sendSms(input, options);
			expectEachSentOnceInOrder(input, run.items());
			// The sandbox did finish them out of order.
			const arrivals = posts().map(itemOf);
			expect(arrivals).toEqual(input.map((_, i) => i));
		},
	);

	it.each([
		['adaptive (starts at its ceiling, here 10)', { maxConcurrency: 10 }, 10],
		['Concurrency 5', { concurrency: 5 }, 5],
	])(
		'%s, without Continue On Fail: no request starts after a failure',
		async (_label, options, firstWave) => {
			// Nothing is answered before the whole first wave is out; then item 2 fails at once and the
			// others take 1 s more, so a runner that kept going would send item `firstWave` as soon as
			// item 2's slot was free.
			sandbox.current.shapeLoad({
				hold: holdUntilInFlight(firstWave),
				latencyMs: (request) => (itemOf(request) === 2 ? 0 : 1000),
				failWith: (request) => (itemOf(request) === 2 ? 400 : undefined),
			});
			const input = items(30, 'stop');
			const run = await sendSms(input, options);
			expect(run.error('Convocore')?.message).toBeDefined();
			expect(
				posts()
					.map(itemOf)
					.sort((a, b) => a - b),
			).toEqual(Array.from({ length: firstWave }, (_, i) => i));
			expect(sandbox.current.sentSms).toHaveLength(firstWave - 1);
		},
	);

	it('with Continue On Fail, every item is tried once and the failure is an error item in its place', async () => {
		sandbox.current.shapeLoad({ failWith: (request) => (itemOf(request) === 2 ? 400 : undefined) });
		const input = items(30, 'continue');
		const output = (await sendSms(input, {}, true)).items();
		expect(output).toHaveLength(30);
		expect(output[2].json.error).toBeDefined();
		expect(output.map((item) => (item.pairedItem as { item: number }).item)).toEqual(
			input.map((_, i) => i),
		);
		expect(posts()).toHaveLength(30);
	});

	it('an invalid item stops the run before anything is sent, at any concurrency', async () => {
		const input = items(30, 'invalid');
		input[17] = { json: { to: 'not a number', message: 'x' } };
		const run = await sendSms(input);
		const error = run.error('Convocore') as
			| { message?: string; context?: { itemIndex?: number } }
			| undefined;
		expect(error?.message).toMatch(/^Invalid SMS request: to: /);
		expect(error?.context?.itemIndex).toBe(17);
		expect(posts()).toHaveLength(0);
	});

	it('refuses a Max Concurrency outside 1 to 100 before sending', async () => {
		const run = await sendSms(items(3, 'bad option'), { maxConcurrency: 101 });
		expect(run.error('Convocore')?.message).toMatch(
			/options\.maxConcurrency: must be a whole number between 1 and 100/,
		);
		expect(posts()).toHaveLength(0);
	});
});
