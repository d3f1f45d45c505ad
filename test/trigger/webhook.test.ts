/**
 * The trigger's webhook() through n8n-core's WebhookContext, one request at a time, with the
 * accepted events run through WorkflowExecute (trigger -> No Operation node).
 */
import { EVENT_TYPES, type EventType } from '../../nodes/shared/contracts/events';
import { jsonRequest, rawRequest, TriggerHarness, type Delivery } from '../harness/webhook';
import { deepJson, payloadFor, without, WORKSPACE_SECRET } from './fixtures';

const harness = (
	events: string[] = ['*'],
	options: Record<string, unknown> = {},
	secret = WORKSPACE_SECRET,
) => new TriggerHarness({ events, options, secret });

/** The item the trigger should emit for a payload: its fields without the secret, plus `event`. */
function expectedItem(type: string, payload: Record<string, unknown>): Record<string, unknown> {
	return { event: type, ...without(payload, 'workspaceSecret') };
}

function expectNoExecution(delivery: Delivery) {
	expect(delivery.executed).toBe(false);
	expect(delivery.result?.workflowData).toBeUndefined();
	expect(delivery.items).toBeUndefined();
	expect(delivery.error).toBeUndefined();
}

function expectRefused(delivery: Delivery, status: 400 | 401) {
	expect(delivery.status).toBe(status);
	expect(delivery.result).toEqual({ noWebhookResponse: true });
	expectNoExecution(delivery);
	expect(delivery.response.headers['content-type']).toMatch(/^application\/json/);
	expect(typeof (delivery.body as { message?: unknown }).message).toBe('string');
	expect(delivery.response.text).not.toContain(WORKSPACE_SECRET);
}

describe('every documented event type', () => {
	it.each(EVENT_TYPES)(
		'%s: answered 200 "Workflow was started" and run with one item',
		async (type) => {
			const payload = payloadFor(type);
			const delivery = await harness([type]).deliverEvent(type, payload);

			expect(delivery.error).toBeUndefined();
			expect(delivery.status).toBe(200);
			expect(delivery.body).toEqual({ message: 'Workflow was started' });
			expect(delivery.executed).toBe(true);
			expect(delivery.emitted).toHaveLength(1);
			expect(delivery.items).toHaveLength(1);
			expect(delivery.items![0].json).toEqual(expectedItem(type, payload));
			expect(delivery.items![0].json).not.toHaveProperty('_validation');
			expect(delivery.downstream!.map((item) => item.json)).toEqual([expectedItem(type, payload)]);
			expect(deepJson(delivery.run!.data)).not.toContain(WORKSPACE_SECRET);
			expect(delivery.run!.status).toBe('success');
		},
	);

	it('passes minimal payloads (only the required fields) without marking them', async () => {
		const payload = {
			agentId: 'a1',
			createdAt: Date.now(),
			workspaceSecret: WORKSPACE_SECRET,
			operation: 'deleted',
		};
		const delivery = await harness(['agent_deleted']).deliverEvent('agent_deleted', payload);
		expect(delivery.items!.map((item) => item.json)).toEqual([
			{ event: 'agent_deleted', agentId: 'a1', createdAt: payload.createdAt, operation: 'deleted' },
		]);
	});

	it('also listens on the Test URL (manual mode)', async () => {
		const trigger = harness(['webhook_test']);
		expect(trigger.webhookUrl(true)).toBe(
			`http://127.0.0.1:5678/webhook-test/${trigger.node.webhookId}/webhook`,
		);
		const delivery = await trigger.deliverEvent('webhook_test', payloadFor('webhook_test'), true);
		expect(delivery.status).toBe(200);
		expect(delivery.items).toHaveLength(1);
		expect(delivery.run!.mode).toBe('manual');
	});
});

describe('the workspace secret', () => {
	const other = 'vg_Q7mK2pX9wLr4TnB8vZs4';
	const cases: Array<[string, unknown]> = [
		['wrong (one character off)', other],
		['differently cased', WORKSPACE_SECRET.toUpperCase()],
		['a prefix (shorter)', WORKSPACE_SECRET.slice(0, -1)],
		['longer', `${WORKSPACE_SECRET}x`],
		['with surrounding whitespace', ` ${WORKSPACE_SECRET} `],
		['empty string', ''],
		['a number', 12345],
		['null', null],
		['true', true],
		['an object holding the secret', { value: WORKSPACE_SECRET }],
		['an array holding the secret', [WORKSPACE_SECRET]],
	];

	it.each(cases)('%s: 401, nothing emitted', async (_label, secret) => {
		const payload = { ...payloadFor('message_received'), workspaceSecret: secret };
		const delivery = await harness().deliverEvent('message_received', payload);
		expectRefused(delivery, 401);
	});

	it('missing: 401, nothing emitted', async () => {
		const payload = without(payloadFor('message_received'), 'workspaceSecret');
		const delivery = await harness().deliverEvent('message_received', payload);
		expectRefused(delivery, 401);
		expect(delivery.body).toEqual({ message: 'Unauthorized: payload.workspaceSecret is missing' });
	});

	it('at the top level of the envelope instead of in the payload: 401', async () => {
		const payload = without(payloadFor('webhook_test'), 'workspaceSecret');
		const delivery = await harness().deliver(
			jsonRequest({ type: 'webhook_test', payload, workspaceSecret: WORKSPACE_SECRET }),
		);
		expectRefused(delivery, 401);
	});

	it('in a header only: 401 (Convocore sends no header; only payload.workspaceSecret counts)', async () => {
		const payload = without(payloadFor('webhook_test'), 'workspaceSecret');
		const delivery = await harness().deliver(
			jsonRequest(
				{ type: 'webhook_test', payload },
				{ Authorization: `Bearer ${WORKSPACE_SECRET}` },
			),
		);
		expectRefused(delivery, 401);
	});

	it('is refused for a type the node does not listen to as well (401 before the type filter)', async () => {
		const payload = { ...payloadFor('agent_deleted'), workspaceSecret: other };
		const delivery = await harness(['webhook_test']).deliverEvent('agent_deleted', payload);
		expectRefused(delivery, 401);
	});

	it('an empty credential secret refuses every request, even one with an empty secret', async () => {
		const trigger = harness(['*'], {}, '');
		for (const secret of ['', WORKSPACE_SECRET]) {
			const delivery = await trigger.deliverEvent(
				'webhook_test',
				payloadFor('webhook_test', { secret }),
			);
			expectRefused(delivery, 401);
		}
	});

	it('never appears in a response body, whatever is sent', async () => {
		const trigger = harness(['webhook_test']);
		const bodies = [
			{ type: 'webhook_test', payload: payloadFor('webhook_test') },
			{ type: 'agent_deleted', payload: payloadFor('agent_deleted') },
			{ type: WORKSPACE_SECRET, payload: payloadFor('agent_deleted') },
			{ type: 'webhook_test', payload: { ...payloadFor('webhook_test'), workspaceSecret: other } },
			{ type: WORKSPACE_SECRET },
		];
		for (const body of bodies) {
			const delivery = await trigger.deliver(jsonRequest(body));
			expect(delivery.response.text).not.toContain(WORKSPACE_SECRET);
		}
	});
});

describe('malformed bodies: 400, nothing emitted', () => {
	const payload = payloadFor('webhook_test');
	const jsonBodies: Array<[string, unknown]> = [
		['an empty object', {}],
		['a JSON array', [{ type: 'webhook_test', payload }]],
		['a JSON string', 'webhook_test'],
		['a JSON number', 42],
		['null', null],
		['no type', { payload }],
		['an empty type', { type: '', payload }],
		['a numeric type', { type: 7, payload }],
		['no payload', { type: 'webhook_test' }],
		['payload is an array', { type: 'webhook_test', payload: [payload] }],
		['payload is a string', { type: 'webhook_test', payload: JSON.stringify(payload) }],
		['payload is null', { type: 'webhook_test', payload: null }],
		['the payload fields at the top level', { type: 'webhook_test', ...payload }],
	];

	it.each(jsonBodies)('%s', async (_label, body) => {
		expectRefused(await harness().deliver(jsonRequest(body)), 400);
	});

	it('text that is not JSON (text/plain)', async () => {
		expectRefused(await harness().deliver(rawRequest('type=webhook_test&payload=x')), 400);
	});

	it('text that is not JSON (no content type: n8n leaves the body empty)', async () => {
		expectRefused(
			await harness().deliver(
				rawRequest('{"type": "webhook_test", "payload": ', 'application/octet-stream'),
			),
			400,
		);
	});

	it('an empty body', async () => {
		const delivery = await harness().deliver({
			...rawRequest('', 'text/plain'),
			body: {},
			rawBody: Buffer.alloc(0),
		});
		expectRefused(delivery, 400);
	});

	it('a form-encoded body', async () => {
		const body = `type=webhook_test&payload[workspaceSecret]=${WORKSPACE_SECRET}`;
		expectRefused(
			await harness().deliver(rawRequest(body, 'application/x-www-form-urlencoded')),
			400,
		);
	});
});

describe('JSON sent with another content type', () => {
	it('is still read from the raw body (text/plain)', async () => {
		const payload = payloadFor('webhook_test');
		const delivery = await harness().deliver(
			rawRequest(JSON.stringify({ type: 'webhook_test', payload }), 'text/plain'),
		);
		expect(delivery.status).toBe(200);
		expect(delivery.items!.map((item) => item.json)).toEqual([
			expectedItem('webhook_test', payload),
		]);
	});

	it('is still read from the raw body (no usable content type)', async () => {
		const payload = payloadFor('lead_captured');
		const raw = JSON.stringify({ type: 'lead_captured', payload });
		const delivery = await harness().deliver(rawRequest(raw, 'application/octet-stream'));
		expect(delivery.items!.map((item) => item.json)).toEqual([
			expectedItem('lead_captured', payload),
		]);
	});
});

describe('event selection', () => {
	it('an authenticated type the node does not listen to: 200, no execution', async () => {
		const delivery = await harness(['message_received', 'webhook_test']).deliverEvent(
			'agent_deleted',
			payloadFor('agent_deleted'),
		);
		expect(delivery.status).toBe(200);
		expect(delivery.result).toEqual({ noWebhookResponse: true });
		expect(delivery.body).toEqual({
			message: 'Event type "agent_deleted" is not selected in this trigger; ignored',
		});
		expectNoExecution(delivery);
	});

	it('an unknown type when not listening to all events: 200, no execution', async () => {
		const delivery = await harness(['webhook_test']).deliverEvent('call_ended', {
			createdAt: Date.now(),
			workspaceSecret: WORKSPACE_SECRET,
		});
		expect(delivery.status).toBe(200);
		expectNoExecution(delivery);
	});

	it('listens to each selected type and only those', async () => {
		const selected: EventType[] = ['lead_captured', 'form_submitted', 'client_deleted'];
		const trigger = harness(selected);
		for (const type of EVENT_TYPES) {
			const delivery = await trigger.deliverEvent(type, payloadFor(type));
			expect(delivery.status).toBe(200);
			expect(delivery.executed).toBe(selected.includes(type));
			if (delivery.executed) expect(delivery.items).toHaveLength(1);
		}
	});

	it('All Events: every documented type runs', async () => {
		const trigger = harness(['*']);
		for (const type of EVENT_TYPES) {
			const payload = payloadFor(type);
			const delivery = await trigger.deliverEvent(type, payload);
			expect(delivery.items!.map((item) => item.json)).toEqual([expectedItem(type, payload)]);
		}
	});

	it('All Events: an unknown authenticated type is emitted and marked', async () => {
		const payload = {
			callId: 'call_1',
			durationSeconds: 93,
			createdAt: 1_700_000_000_000,
			workspaceSecret: WORKSPACE_SECRET,
		};
		const delivery = await harness(['*']).deliverEvent('call_ended', payload);
		expect(delivery.status).toBe(200);
		expect(delivery.items!.map((item) => item.json)).toEqual([
			{
				event: 'call_ended',
				callId: 'call_1',
				durationSeconds: 93,
				createdAt: 1_700_000_000_000,
				_validation: {
					valid: false,
					knownType: false,
					issues: [
						'"call_ended" is not an event type documented by Convocore, so its payload was not checked',
					],
				},
			},
		]);
	});

	it('All Events: an unknown type with a wrong secret is still 401', async () => {
		const delivery = await harness(['*']).deliverEvent('call_ended', { workspaceSecret: 'nope' });
		expectRefused(delivery, 401);
	});
});

describe('payloads that do not match the documented shape are emitted, marked', () => {
	it('missing required fields and wrong enum values are listed', async () => {
		const payload = {
			...payloadFor('message_received'),
			channel: 'sms',
			messageContent: undefined,
		};
		delete payload.messageContent;
		const delivery = await harness(['message_received']).deliverEvent('message_received', payload);
		expect(delivery.status).toBe(200);
		const json = delivery.items![0].json;
		expect(json).toMatchObject({
			event: 'message_received',
			channel: 'sms',
			agentId: 'agent_7f3a',
		});
		expect(json._validation).toEqual({
			valid: false,
			knownType: true,
			issues: [
				'messageContent: Required',
				"channel: Invalid enum value. Expected 'whatsapp' | 'instagram' | 'facebook' | 'telegram' | 'webchat', received 'sms'",
			],
		});
	});

	it('createdAt as an ISO string instead of milliseconds is reported', async () => {
		const payload = { ...payloadFor('webhook_test'), createdAt: '2025-01-01T00:00:00Z' };
		const delivery = await harness().deliverEvent('webhook_test', payload);
		expect(delivery.items![0].json).toMatchObject({
			createdAt: '2025-01-01T00:00:00Z',
			_validation: {
				valid: false,
				knownType: true,
				issues: ['createdAt: Expected number, received string'],
			},
		});
	});

	it('a wrong operation literal is reported', async () => {
		const payload = { ...payloadFor('organisation_updated'), operation: 'created' };
		const delivery = await harness().deliverEvent('organisation_updated', payload);
		expect(delivery.items![0].json._validation).toEqual({
			valid: false,
			knownType: true,
			issues: ['operation: Invalid literal value, expected "updated"'],
		});
	});

	it('payload fields named like the trigger output keys are kept under _validation.shadowed', async () => {
		const payload = {
			...payloadFor('webhook_test'),
			event: 'spoofed',
			_validation: { valid: true },
		};
		const delivery = await harness().deliverEvent('webhook_test', payload);
		const json = delivery.items![0].json;
		expect(json.event).toBe('webhook_test');
		expect(json._validation).toEqual({
			valid: false,
			knownType: true,
			issues: [
				'event: the payload has a field "event", which this trigger\'s output uses; its value is in _validation.shadowed.event',
				'_validation: the payload has a field "_validation", which this trigger\'s output uses; its value is in _validation.shadowed._validation',
			],
			shadowed: { event: 'spoofed', _validation: { valid: true } },
		});
	});

	it('a payload field named "json" or "binary" stays a field (no unwrapping as an n8n item)', async () => {
		const payload = {
			...payloadFor('form_submitted'),
			json: { a: 1 },
			binary: { data: 'x' },
			pairedItem: 3,
		};
		const delivery = await harness().deliverEvent('form_submitted', payload);
		expect(delivery.emitted).toEqual([{ json: expectedItem('form_submitted', payload) }]);
		expect(delivery.items!.map((item) => item.json)).toEqual([
			expectedItem('form_submitted', payload),
		]);
		expect(delivery.items![0].binary).toBeUndefined();
	});

	it('extra undocumented fields pass through unmarked', async () => {
		const payload = { ...payloadFor('bug_reported'), severity: 'high' };
		const delivery = await harness().deliverEvent('bug_reported', payload);
		expect(delivery.items![0].json).toEqual(expectedItem('bug_reported', payload));
	});
});

describe('the secret never lands in execution data', () => {
	it('is removed from the payload and redacted wherever else it appears', async () => {
		const payload = {
			...payloadFor('conversation_updated'),
			lightConvoData: { ID: 'c1', note: `key=${WORKSPACE_SECRET}`, [WORKSPACE_SECRET]: 'as a key' },
			turns: [
				{
					from: 'human',
					messages: [
						{ from: 'human', type: 'text', item: { payload: { message: WORKSPACE_SECRET } } },
					],
				},
			],
		};
		const delivery = await harness().deliverEvent('conversation_updated', payload);
		const json = delivery.items![0].json;
		expect(json).not.toHaveProperty('workspaceSecret');
		expect(json.lightConvoData).toEqual({
			ID: 'c1',
			note: 'key=[redacted]',
			'[redacted]': 'as a key',
		});
		expect(deepJson(delivery.run!.data)).not.toContain(WORKSPACE_SECRET);
		expect(deepJson(delivery.emitted)).not.toContain(WORKSPACE_SECRET);
	});

	it('including inside validation issues that echo a received value', async () => {
		const payload = { ...payloadFor('lead_captured'), channel: WORKSPACE_SECRET };
		const delivery = await harness().deliverEvent('lead_captured', payload);
		const json = delivery.items![0].json as { _validation: { issues: string[] }; channel: string };
		expect(json.channel).toBe('[redacted]');
		expect(json._validation.issues[0]).toContain("received '[redacted]'");
		expect(deepJson(delivery.run!.data)).not.toContain(WORKSPACE_SECRET);
	});

	it('including in the type of an unknown event', async () => {
		const delivery = await harness(['*']).deliverEvent(
			`x_${WORKSPACE_SECRET}`,
			payloadFor('webhook_test'),
		);
		expect(delivery.items![0].json.event).toBe('x_[redacted]');
		expect(deepJson(delivery.run!.data)).not.toContain(WORKSPACE_SECRET);
	});
});

describe('replay guard', () => {
	const now = () => Date.now();

	it('is off by default: a year-old event runs', async () => {
		const payload = payloadFor('webhook_test', { createdAt: now() - 365 * 24 * 3600 * 1000 });
		const delivery = await harness().deliverEvent('webhook_test', payload);
		expect(delivery.status).toBe(200);
		expect(delivery.items).toHaveLength(1);
	});

	it('is off by default: createdAt far in the future, or missing, still runs (marked when missing)', async () => {
		const future = await harness().deliverEvent(
			'webhook_test',
			payloadFor('webhook_test', { createdAt: now() + 3600_000 }),
		);
		expect(future.items).toHaveLength(1);
		const withoutCreatedAt = without(payloadFor('webhook_test'), 'createdAt');
		const missing = await harness().deliverEvent('webhook_test', withoutCreatedAt);
		expect(missing.items![0].json._validation).toEqual({
			valid: false,
			knownType: true,
			issues: ['createdAt: Required'],
		});
	});

	describe('with Max Event Age 300 s (default clock skew 60 s)', () => {
		const guarded = () => harness(['*'], { maxEventAgeSeconds: 300 });

		it('accepts a fresh event and one 290 s old', async () => {
			for (const createdAt of [now(), now() - 290_000, now() + 30_000]) {
				const delivery = await guarded().deliverEvent(
					'webhook_test',
					payloadFor('webhook_test', { createdAt }),
				);
				expect(delivery.status).toBe(200);
				expect(delivery.items).toHaveLength(1);
			}
		});

		it('refuses an event older than 300 s with 401', async () => {
			const delivery = await guarded().deliverEvent(
				'webhook_test',
				payloadFor('webhook_test', { createdAt: now() - 310_000 }),
			);
			expectRefused(delivery, 401);
			expect((delivery.body as { message: string }).message).toMatch(/older than the 300 seconds/);
		});

		it('refuses an event more than 60 s in the future with 401', async () => {
			const delivery = await guarded().deliverEvent(
				'webhook_test',
				payloadFor('webhook_test', { createdAt: now() + 120_000 }),
			);
			expectRefused(delivery, 401);
			expect((delivery.body as { message: string }).message).toMatch(/in the future/);
		});

		it('refuses createdAt in seconds instead of milliseconds (looks 55 years old)', async () => {
			const delivery = await guarded().deliverEvent(
				'webhook_test',
				payloadFor('webhook_test', { createdAt: Math.floor(now() / 1000) }),
			);
			expectRefused(delivery, 401);
		});

		it.each([
			['missing', undefined],
			['a string', '2025-01-01T00:00:00Z'],
			['null', null],
		])('refuses createdAt %s with 401', async (_label, createdAt) => {
			const payload: Record<string, unknown> = { ...payloadFor('webhook_test'), createdAt };
			if (createdAt === undefined) delete payload.createdAt;
			expectRefused(await guarded().deliverEvent('webhook_test', payload), 401);
		});

		it('checks the secret first: a stale event with a wrong secret gets the secret message', async () => {
			const delivery = await guarded().deliverEvent(
				'webhook_test',
				payloadFor('webhook_test', { createdAt: now() - 3600_000, secret: 'wrong' }),
			);
			expectRefused(delivery, 401);
			expect((delivery.body as { message: string }).message).toMatch(/does not match/);
		});
	});

	it('honours a custom clock skew', async () => {
		const trigger = harness(['*'], { maxEventAgeSeconds: 300, allowedClockSkewSeconds: 0 });
		const delivery = await trigger.deliverEvent(
			'webhook_test',
			payloadFor('webhook_test', { createdAt: now() + 5_000 }),
		);
		expectRefused(delivery, 401);
	});
});

describe('static data', () => {
	it('webhook() leaves the static data untouched', async () => {
		const trigger = harness();
		await trigger.deliverEvent('webhook_test', payloadFor('webhook_test'));
		await trigger.deliverEvent('webhook_test', payloadFor('webhook_test', { secret: 'wrong' }));
		expect(trigger.staticData).toEqual({});
	});
});
