/**
 * Deliveries no real Convocore event looks like, and options that would silently switch the
 * replay guard off: refused before any execution starts (issue 9, item 7).
 */
import { MAX_BODY_BYTES, MAX_DEPTH } from '../../nodes/ConvocoreTrigger/verification';
import { jsonRequest, TriggerHarness, type Delivery } from '../harness/webhook';
import { payloadFor, without, WORKSPACE_SECRET } from './fixtures';

const harness = (options: Record<string, unknown> = {}) =>
	new TriggerHarness({
		events: ['*'],
		options,
		secret: WORKSPACE_SECRET,
		webhookBaseUrl: 'https://n8n.example.com/webhook',
	});

function expectRefusedWith(delivery: Delivery, status: number, message: RegExp) {
	expect(delivery.status).toBe(status);
	expect(delivery.executed).toBe(false);
	expect(delivery.items).toBeUndefined();
	expect((delivery.body as { message: string }).message).toMatch(message);
	expect(delivery.response.text).not.toContain(WORKSPACE_SECRET);
}

function nested(levels: number, leaf: unknown): unknown {
	let value = leaf;
	for (let i = 0; i < levels; i++) value = { inner: value };
	return value;
}

describe('payload bounds', () => {
	it(`runs an event nested ${MAX_DEPTH - 5} levels deep`, async () => {
		const payload = { ...payloadFor('webhook_test'), extra: nested(MAX_DEPTH - 5, 'leaf') };
		const delivery = await harness().deliverEvent('webhook_test', payload);
		expect(delivery.status).toBe(200);
		expect(delivery.items).toHaveLength(1);
	});

	it.each([MAX_DEPTH + 1, 10_000])(
		'answers 400 to a payload nested %i levels deep, and starts no run',
		async (levels) => {
			// Written as text: JSON.stringify itself overflows the stack long before 10,000 levels.
			const envelope = JSON.stringify({
				type: 'webhook_test',
				payload: payloadFor('webhook_test'),
			});
			const text = `${envelope.slice(0, -2)},"extra":${'{"inner":'.repeat(levels)}"leaf"${'}'.repeat(levels)}}}`;
			const request = jsonRequest({});
			request.body = JSON.parse(text);
			request.rawBody = Buffer.from(text);
			expectRefusedWith(
				await harness().deliver(request),
				400,
				new RegExp(`nested deeper than ${MAX_DEPTH} levels`),
			);
		},
	);

	it('answers 413 to a body larger than any real event, and starts no run', async () => {
		const payload = { ...payloadFor('webhook_test'), filler: 'x'.repeat(MAX_BODY_BYTES) };
		expectRefusedWith(
			await harness().deliverEvent('webhook_test', payload),
			413,
			/Payload too large/,
		);
	});

	it('redacts the secret where it appears besides payload.workspaceSecret, and leaves a clean item as sent', async () => {
		const withEcho = {
			...payloadFor('webhook_test'),
			note: `key ${WORKSPACE_SECRET}`,
			[WORKSPACE_SECRET]: 1,
		};
		const echoed = await harness().deliverEvent('webhook_test', withEcho);
		expect(JSON.stringify(echoed.items)).not.toContain(WORKSPACE_SECRET);
		expect(echoed.items![0].json.note).toBe('key [redacted]');

		const clean: Record<string, unknown> = {
			...payloadFor('webhook_test'),
			nested: { list: [1, { deep: 'value' }] },
		};
		const delivery = await harness().deliverEvent('webhook_test', clean);
		expect(delivery.items![0].json).toEqual({
			event: 'webhook_test',
			...without(clean, 'workspaceSecret'),
		});
	});

	it('reads the envelope n8n parsed and ignores the raw bytes then', async () => {
		const request = jsonRequest({ type: 'webhook_test', payload: payloadFor('webhook_test') });
		request.rawBody = Buffer.from('{"type": "message_received", "payload": {}}');
		const delivery = await harness().deliver(request);
		expect(delivery.items![0].json.event).toBe('webhook_test');
	});
});

describe('replay guard options that resolve to no usable number', () => {
	it.each([
		['NaN', '={{ Number("five minutes") }}'],
		['text', '={{ "300s" }}'],
		['0', 0],
	])(
		'Max Event Age %s: every delivery is refused with 500 and starts no run',
		async (_label, value) => {
			const trigger = harness({ maxEventAgeSeconds: value });
			const delivery = await trigger.deliverEvent(
				'webhook_test',
				payloadFor('webhook_test', { createdAt: Date.now() - 365 * 86400_000 }),
			);
			expectRefusedWith(
				delivery,
				500,
				/misconfigured: Max Event Age \(Seconds\) must be a positive number/,
			);
		},
	);

	it('Allowed Clock Skew NaN is refused the same way', async () => {
		const trigger = harness({
			maxEventAgeSeconds: 300,
			allowedClockSkewSeconds: '={{ Number("x") }}',
		});
		const delivery = await trigger.deliverEvent('webhook_test', payloadFor('webhook_test'));
		expectRefusedWith(delivery, 500, /Allowed Clock Skew \(Seconds\) must be a number/);
	});

	it('Max Event Age given as an expression that resolves to a number turns the guard on (read through n8n, not as text)', async () => {
		const trigger = harness({ maxEventAgeSeconds: '={{ 30 * 2 }}' });
		const stale = await trigger.deliverEvent(
			'webhook_test',
			payloadFor('webhook_test', { createdAt: Date.now() - 120_000 }),
		);
		expectRefusedWith(stale, 401, /older than the 60 seconds/);
		const fresh = await trigger.deliverEvent(
			'webhook_test',
			payloadFor('webhook_test', { createdAt: Date.now() }),
		);
		expect(fresh.status).toBe(200);
	});

	it('activation refuses a Max Event Age of NaN', async () => {
		await expect(
			harness({ maxEventAgeSeconds: '={{ Number("x") }}' }).hook('create'),
		).rejects.toMatchObject({
			name: 'NodeOperationError',
			message: 'Max Event Age (Seconds) must be a positive number of seconds, got NaN',
		});
	});
});
