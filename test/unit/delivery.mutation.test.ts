/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code with made-up values, never ships (package.json "files" is dist/ only) */
import { decideDelivery, type DeliverySettings } from '../../nodes/ConvocoreTrigger/delivery';
import { VALIDATION_KEY, buildItem } from '../../nodes/ConvocoreTrigger/emission';
import { redactSecret } from '../../nodes/ConvocoreTrigger/redaction';
import { MAX_BODY_BYTES, MAX_DEPTH, readEnvelope } from '../../nodes/ConvocoreTrigger/verification';
import { REDACTED } from '../../nodes/shared/secrets';
const SECRET = 'vg_unit_Secret_42';
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const settings = (over: Partial<DeliverySettings> = {}): DeliverySettings => ({
	secret: SECRET,
	events: ['*'],
	now: NOW,
	...over,
});
const webhookTest = (payload: Record<string, unknown> = {}) => ({
	type: 'webhook_test',
	payload: { createdAt: NOW, workspaceSecret: SECRET, message: 'hi', ...payload },
});
const decide = (body: unknown, over: Partial<DeliverySettings> = {}, raw?: unknown) =>
	decideDelivery(body, raw, settings(over));

/** `{ a: { a: … value } }` with `levels` objects. */
function nested(levels: number, value: unknown): unknown {
	let result = value;
	for (let i = 0; i < levels; i++) result = { a: result };
	return result;
}

describe('decideDelivery', () => {
	it('emits one item, the event type first, without the workspace secret', () => {
		expect(decide(webhookTest())).toEqual({
			kind: 'emit',
			item: { event: 'webhook_test', createdAt: NOW, message: 'hi' },
		});
	});

	it('refuses a raw body larger than 4 MB, and takes one of exactly 4 MB', () => {
		expect(MAX_BODY_BYTES).toBe(4 * 1024 * 1024);
		const exact = Buffer.alloc(MAX_BODY_BYTES, 0x20);
		expect(decide(webhookTest(), {}, exact).kind).toBe('emit');
		expect(decide(webhookTest(), {}, Buffer.alloc(MAX_BODY_BYTES + 1, 0x20))).toEqual({
			kind: 'reject',
			status: 413,
			message: 'Payload too large: an event is at most 4 MB',
		});
		// A raw string is measured in bytes, not characters.
		expect(decide(webhookTest(), {}, 'é'.repeat(MAX_BODY_BYTES / 2)).kind).toBe('emit');
		expect(decide(webhookTest(), {}, `${'é'.repeat(MAX_BODY_BYTES / 2)}x`).kind).toBe('reject');
		expect(decide(webhookTest(), {}, 12345).kind).toBe('emit');
	});

	it('refuses what is not an envelope', () => {
		expect(decide({ type: 'webhook_test' })).toEqual({
			kind: 'reject',
			status: 400,
			message: 'Bad request: the body must be a JSON object { "type": string, "payload": object }',
		});
	});

	it(`refuses nesting deeper than ${MAX_DEPTH} levels, in objects and in lists, and takes exactly ${MAX_DEPTH}`, () => {
		expect(MAX_DEPTH).toBe(100);
		const refusal = {
			kind: 'reject',
			status: 400,
			message:
				'Bad request: the body is nested deeper than 100 levels, which no Convocore event is',
		};
		// The envelope is level 1 and the payload level 2: 98 more objects below reach 100.
		expect(decide(webhookTest({ deep: nested(98, 'x') })).kind).toBe('emit');
		expect(decide(webhookTest({ deep: nested(99, 'x') }))).toEqual(refusal);
		expect(decide(webhookTest({ deep: nested(97, {}) })).kind).toBe('emit');
		expect(decide(webhookTest({ deep: nested(98, {}) }))).toEqual(refusal);
		let list: unknown = 'x';
		for (let i = 0; i < 99; i++) list = [list];
		expect(decide(webhookTest({ list }))).toEqual(refusal);
		expect(decide(webhookTest({ list: (list as unknown[])[0] })).kind).toBe('emit');
		expect(decide(webhookTest({ list: [1, 'two', null, [nested(97, 'x')]] }))).toEqual(refusal);
		expect(decide(webhookTest({ list: [1, 'two', null, [nested(96, 'x')]] })).kind).toBe('emit');
		// A secret found beside the too-deep part does not hide it.
		expect(decide(webhookTest({ list: [list, `x${SECRET}`] }))).toEqual(refusal);
	});

	it('refuses a missing, non-text or wrong workspace secret, and everything when the configured one is empty', () => {
		const unauthorized = (message: string) => ({ kind: 'reject', status: 401, message });
		expect(decide(webhookTest({ workspaceSecret: undefined }))).toEqual(
			unauthorized('Unauthorized: payload.workspaceSecret is missing'),
		);
		expect(decide(webhookTest({ workspaceSecret: 42 }))).toEqual(
			unauthorized('Unauthorized: payload.workspaceSecret must be a string'),
		);
		const mismatch = unauthorized(
			"Unauthorized: payload.workspaceSecret does not match this trigger's workspace secret",
		);
		expect(decide(webhookTest({ workspaceSecret: `${SECRET}x` }))).toEqual(mismatch);
		expect(decide(webhookTest({ workspaceSecret: '' }), { secret: '' })).toEqual(mismatch);
	});

	it('with the replay guard on, refuses stale, future and undated events at the exact bounds', () => {
		const replayGuard = { maxAgeSeconds: 300, clockSkewSeconds: 30 };
		const at = (createdAt: unknown) => decide(webhookTest({ createdAt }), { replayGuard });
		expect(at(NOW - 300_000).kind).toBe('emit');
		expect(at(NOW - 300_001)).toEqual({
			kind: 'reject',
			status: 401,
			message:
				'Unauthorized: the event is older than the 300 seconds the replay guard allows (createdAt must be in milliseconds)',
		});
		expect(at(NOW + 30_000).kind).toBe('emit');
		expect(at(NOW + 30_001)).toEqual({
			kind: 'reject',
			status: 401,
			message: 'Unauthorized: createdAt is more than 30 seconds in the future',
		});
		const undated = {
			kind: 'reject',
			status: 401,
			message:
				'Unauthorized: the replay guard is on and payload.createdAt is missing or not a number (milliseconds since the epoch)',
		};
		expect(at(undefined)).toEqual(undated);
		expect(at(String(NOW))).toEqual(undated);
		expect(at(Number.NaN)).toEqual(undated);
		expect(at(Infinity)).toEqual(undated);
		// Without the guard the age does not matter.
		expect(decide(webhookTest({ createdAt: 0 })).kind).toBe('emit');
	});

	it('ignores a type the trigger does not listen to, naming it without the secret, cut to 100 characters', () => {
		expect(decide(webhookTest(), { events: ['lead_captured'] })).toEqual({
			kind: 'ignore',
			status: 200,
			message: 'Event type "webhook_test" is not selected in this trigger; ignored',
		});
		expect(decide(webhookTest(), { events: ['lead_captured', 'webhook_test'] }).kind).toBe('emit');
		const long = { ...webhookTest(), type: `${SECRET}${'t'.repeat(200)}` };
		const ignored = decide(long, { events: ['lead_captured'] });
		expect(ignored).toEqual({
			kind: 'ignore',
			status: 200,
			message: `Event type "${REDACTED}${'t'.repeat(90)}" is not selected in this trigger; ignored`,
		});
	});

	it('redacts the secret found elsewhere in the event, and only copies when it is', () => {
		const item = decide(webhookTest({ message: `echo ${SECRET}`, [`k${SECRET}`]: 1 }));
		expect(item).toEqual({
			kind: 'emit',
			item: {
				event: 'webhook_test',
				createdAt: NOW,
				message: `echo ${REDACTED}`,
				[`k${REDACTED}`]: 1,
			},
		});
		// A key that is exactly the secret is an occurrence too.
		expect(decide(webhookTest({ [SECRET]: 1 }))).toEqual({
			kind: 'emit',
			item: { event: 'webhook_test', createdAt: NOW, message: 'hi', [REDACTED]: 1 },
		});
		// One occurrence besides payload.workspaceSecret is enough.
		expect(decide(webhookTest({ note: `once ${SECRET}` }))).toEqual({
			kind: 'emit',
			item: { event: 'webhook_test', createdAt: NOW, message: 'hi', note: `once ${REDACTED}` },
		});
		const shortValues = decide(webhookTest({ a: 'vg', list: ['x', SECRET] }));
		expect(shortValues).toEqual({
			kind: 'emit',
			item: {
				event: 'webhook_test',
				createdAt: NOW,
				message: 'hi',
				a: 'vg',
				list: ['x', REDACTED],
			},
		});
	});
});

describe('buildItem', () => {
	it('marks an event off its documented shape, and a type Convocore does not document', () => {
		const item = buildItem(
			{ type: 'webhook_test', payload: { createdAt: NOW, workspaceSecret: SECRET } },
			SECRET,
		);
		expect(item).toEqual({
			event: 'webhook_test',
			createdAt: NOW,
			[VALIDATION_KEY]: { valid: false, knownType: true, issues: ['message: Required'] },
		});
		const unknown = buildItem({ type: 'brand_new', payload: { x: 1 } }, SECRET);
		expect(unknown).toEqual({
			event: 'brand_new',
			x: 1,
			_validation: {
				valid: false,
				knownType: false,
				issues: [
					'"brand_new" is not an event type documented by Convocore, so its payload was not checked',
				],
			},
		});
	});

	it('keeps payload fields named like its own keys under _validation.shadowed', () => {
		const item = buildItem(
			{
				type: 'webhook_test',
				payload: {
					createdAt: NOW,
					workspaceSecret: SECRET,
					message: 'hi',
					event: 'theirs',
					_validation: 'theirs too',
				},
			},
			SECRET,
		);
		expect(item).toEqual({
			event: 'webhook_test',
			createdAt: NOW,
			message: 'hi',
			_validation: {
				valid: false,
				knownType: true,
				issues: [
					'event: the payload has a field "event", which this trigger\'s output uses; its value is in _validation.shadowed.event',
					'_validation: the payload has a field "_validation", which this trigger\'s output uses; its value is in _validation.shadowed._validation',
				],
				shadowed: { event: 'theirs', _validation: 'theirs too' },
			},
		});
	});

	it('redacts by default, when not told where the secret is', () => {
		const item = buildItem(
			{
				type: 'webhook_test',
				payload: { createdAt: NOW, workspaceSecret: SECRET, message: `m ${SECRET}` },
			},
			SECRET,
		);
		expect(item).toEqual({ event: 'webhook_test', createdAt: NOW, message: `m ${REDACTED}` });
	});

	it('redacts an issue that quotes the secret even when told the secret is nowhere else', () => {
		const item = buildItem({ type: `x${SECRET}`, payload: {} }, SECRET, false);
		expect(JSON.stringify(item)).not.toContain(SECRET);
		const clean = buildItem(
			{
				type: 'webhook_test',
				payload: { createdAt: NOW, workspaceSecret: SECRET, message: `m ${SECRET}` },
			},
			SECRET,
			false,
		);
		// Told the secret is nowhere else and no issue: no copy is made (the caller counted).
		expect(clean.message).toBe(`m ${SECRET}`);
	});
});

describe('readEnvelope and redactSecret', () => {
	const envelope = { type: 'webhook_test', payload: { message: 'hi' } };

	it('reads a raw string body when n8n parsed none, and ignores an empty raw body', () => {
		expect(readEnvelope(undefined, JSON.stringify(envelope))).toEqual(envelope);
		expect(readEnvelope(undefined, '')).toBeUndefined();
		expect(readEnvelope(undefined, Buffer.alloc(0))).toBeUndefined();
		expect(readEnvelope('not json', JSON.stringify(envelope))).toEqual(envelope);
	});

	it('redacts a string root, leaves other roots alone, keeps shared objects shared and list indexes as they are', () => {
		expect(redactSecret(`a${SECRET}b${SECRET}`, SECRET)).toBe(`a${REDACTED}b${REDACTED}`);
		expect(redactSecret(7, SECRET)).toBe(7);
		expect(redactSecret(null, SECRET)).toBeNull();
		expect(redactSecret('anything', '')).toBe('anything');
		const shared = { s: SECRET };
		const copy = redactSecret(
			{ one: shared, two: shared, list: [SECRET, shared] },
			SECRET,
		) as Record<string, unknown>;
		expect(copy).toEqual({
			one: { s: REDACTED },
			two: { s: REDACTED },
			list: [REDACTED, { s: REDACTED }],
		});
		expect(copy.one).toBe(copy.two);
		expect(copy.one).not.toBe(shared);
		expect(Array.isArray(copy.list)).toBe(true);
		expect(redactSecret({ empty: [], none: {} }, SECRET)).toEqual({ empty: [], none: {} });
		// List indexes are not text that could hold the secret, even a secret of digits.
		expect(redactSecret(['a', 'b', { 1: 'c' }], '1')).toEqual(['a', 'b', { [REDACTED]: 'c' }]);
	});

	it('keeps a "__proto__" field of the payload as a plain own field of the item', () => {
		const payload = JSON.parse(
			`{"createdAt": ${NOW}, "workspaceSecret": "${SECRET}", "message": "hi", "__proto__": {"polluted": true}}`,
		) as Record<string, unknown>;
		// Built directly (the secret nowhere else) and through the redacted copy.
		for (const item of [
			buildItem({ type: 'webhook_test', payload }, SECRET, false),
			buildItem({ type: 'webhook_test', payload }, SECRET),
		]) {
			expect(Object.keys(item)).toEqual(['event', 'createdAt', 'message', '__proto__']);
			expect(Object.getOwnPropertyDescriptor(item, '__proto__')).toEqual({
				value: { polluted: true },
				enumerable: true,
				writable: true,
				configurable: true,
			});
			expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
		}
	});
});
