/**
 * Property-based fuzzing (fast-check) of request bodies and headers. Properties:
 *  - webhook() never throws and always answers 200, 400 or 401;
 *  - nothing runs unless payload.workspaceSecret is exactly the credential's secret;
 *  - with the right secret and an envelope, exactly one item is emitted (All Events);
 *  - the secret appears in no response body and no emitted item.
 * Bounded: a fixed number of runs per property, in-process and over HTTP.
 */
import fc from 'fast-check';
import { EVENT_TYPES } from '../../nodes/shared/contracts/events';
import {
	jsonRequest,
	rawRequest,
	startTriggerServer,
	TriggerHarness,
	type TriggerServer,
	type WebhookRequest,
} from '../harness/webhook';
import { payloadFor, WORKSPACE_SECRET } from './fixtures';

const RUNS = 300;

const trigger = new TriggerHarness({ events: ['*'], secret: WORKSPACE_SECRET, execute: false });
const selective = new TriggerHarness({
	events: ['webhook_test', 'lead_captured'],
	secret: WORKSPACE_SECRET,
	execute: false,
});

/** Near misses: edits of the secret that a sloppy comparison would accept. */
const nearMiss = fc.oneof(
	fc.nat({ max: WORKSPACE_SECRET.length - 1 }).map((i) => WORKSPACE_SECRET.slice(0, i)),
	fc.nat({ max: WORKSPACE_SECRET.length - 1 }).map((i) => WORKSPACE_SECRET.slice(i + 1)),
	fc
		.tuple(fc.nat({ max: WORKSPACE_SECRET.length - 1 }), fc.string({ minLength: 1, maxLength: 1 }))
		.map(([i, c]) => WORKSPACE_SECRET.slice(0, i) + c + WORKSPACE_SECRET.slice(i + 1))
		.filter((s) => s !== WORKSPACE_SECRET),
	fc.string({ minLength: 1, maxLength: 3 }).map((suffix) => WORKSPACE_SECRET + suffix),
	fc.constantFrom(
		WORKSPACE_SECRET.toUpperCase(),
		WORKSPACE_SECRET.toLowerCase(),
		` ${WORKSPACE_SECRET}`,
		`${WORKSPACE_SECRET}\n`,
		`${WORKSPACE_SECRET}\u0000`,
		`\uFEFF${WORKSPACE_SECRET}`,
	),
);

/** Strings around the secret: the secret itself, near misses and unrelated text. */
const secretLike = fc.oneof(
	{ weight: 4, arbitrary: fc.constant(WORKSPACE_SECRET) },
	{ weight: 4, arbitrary: nearMiss },
	{ weight: 1, arbitrary: fc.string() },
	{ weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
);

const secretValue = fc.oneof(
	{ weight: 8, arbitrary: secretLike },
	{ weight: 1, arbitrary: fc.jsonValue() },
	{ weight: 1, arbitrary: fc.constant(undefined) },
	{ weight: 1, arbitrary: fc.constant([WORKSPACE_SECRET]) },
	{ weight: 1, arbitrary: fc.constant({ toString: WORKSPACE_SECRET }) },
);

/** Strings that sometimes carry the secret inside them. */
const textMaybeSecret = fc.oneof(
	fc.string(),
	fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}${WORKSPACE_SECRET}${b}`),
);

const type = fc.oneof(
	{ weight: 3, arbitrary: fc.constantFrom(...EVENT_TYPES) },
	{
		weight: 1,
		arbitrary: fc.constantFrom('*', '__proto__', 'constructor', 'toString', 'hasOwnProperty', ''),
	},
	{ weight: 1, arbitrary: textMaybeSecret },
	{ weight: 1, arbitrary: fc.jsonValue() },
);

const payload = fc
	.record(
		{
			base: fc.oneof(
				fc.constantFrom(...EVENT_TYPES).map((t) => payloadFor(t)),
				fc.dictionary(textMaybeSecret, fc.jsonValue()),
				fc.dictionary(
					fc.constantFrom(
						'__proto__',
						'constructor',
						'event',
						'_validation',
						'createdAt',
						'json',
						'binary',
						'pairedItem',
					),
					fc.jsonValue(),
				),
			),
			extra: fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), textMaybeSecret), { maxKeys: 4 }),
			secret: secretValue,
		},
		{ requiredKeys: ['base', 'extra'] },
	)
	.map(({ base, extra, secret }) => {
		const result: Record<string, unknown> = { ...base, ...extra };
		delete result.workspaceSecret;
		if (secret !== undefined) result.workspaceSecret = secret;
		return result;
	});

const envelopeBody = fc.record({ type, payload });

const anyJsonBody = fc.oneof(
	{ weight: 8, arbitrary: envelopeBody },
	{ weight: 1, arbitrary: fc.record({ type, payload }, { requiredKeys: [] }) },
	{ weight: 1, arbitrary: fc.jsonValue() },
	{ weight: 1, arbitrary: fc.array(envelopeBody, { maxLength: 2 }) },
	{ weight: 1, arbitrary: fc.record({ type, payload: fc.jsonValue() }) },
);

const headerName = fc.oneof(
	fc.constantFrom(
		'authorization',
		'x-workspace-secret',
		'x-convocore-secret',
		'content-type',
		'user-agent',
		'cookie',
	),
	fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
);
const headers = fc.dictionary(
	headerName,
	fc.oneof(secretLike, fc.constant(`Bearer ${WORKSPACE_SECRET}`)),
	{ maxKeys: 5 },
);

/** Requests as n8n hands them over: parsed JSON, or raw text of another content type. */
const request: fc.Arbitrary<WebhookRequest> = fc.oneof(
	{ weight: 4, arbitrary: fc.tuple(anyJsonBody, headers).map(([body, h]) => jsonRequest(body, h)) },
	{
		weight: 1,
		arbitrary: fc
			.tuple(
				fc.oneof(
					fc.string(),
					anyJsonBody.map((b) => JSON.stringify(b) ?? ''),
					fc.string({ unit: 'binary' }),
				),
				fc.constantFrom(
					'text/plain',
					'application/octet-stream',
					'application/x-www-form-urlencoded',
					'text/csv',
				),
				headers,
			)
			.map(([text, contentType, h]) => rawRequest(text, contentType, h)),
	},
);

/** Whether the request carries exactly the right secret where Convocore puts it. */
function carriesRightSecret(req: WebhookRequest): boolean {
	const fromText = (): unknown => {
		if (
			typeof req.body === 'object' &&
			req.body !== null &&
			!Array.isArray(req.body) &&
			'payload' in req.body
		)
			return req.body;
		try {
			return JSON.parse(req.rawBody?.toString('utf8') ?? '') as unknown;
		} catch {
			return undefined;
		}
	};
	const body = fromText() as { payload?: { workspaceSecret?: unknown } } | undefined;
	return body?.payload?.workspaceSecret === WORKSPACE_SECRET;
}

describe('fuzzing webhook() in-process', () => {
	it(`never throws, answers 200/400/401, runs only with the exact secret (${RUNS} runs)`, async () => {
		const seen = { 200: 0, 400: 0, 401: 0, executed: 0, nearMiss: 0 } as Record<string, number>;
		await fc.assert(
			fc.asyncProperty(request, fc.boolean(), async (req, useSelective) => {
				const delivery = await (useSelective ? selective : trigger).deliver(req);
				seen[delivery.status] = (seen[delivery.status] ?? 0) + 1;
				if (delivery.executed) seen.executed++;
				if (
					delivery.status === 401 &&
					req.rawBody?.toString('utf8').toLowerCase().includes(WORKSPACE_SECRET.toLowerCase())
				) {
					seen.nearMiss++;
				}
				expect(delivery.error).toBeUndefined();
				expect([200, 400, 401]).toContain(delivery.status);
				expect(delivery.response.finished).toBe(true);
				if (delivery.executed) {
					expect(carriesRightSecret(req)).toBe(true);
					expect(delivery.emitted).toHaveLength(1);
					expect(delivery.status).toBe(200);
				}
				if (!carriesRightSecret(req)) {
					expect(delivery.executed).toBe(false);
					expect([400, 401]).toContain(delivery.status);
				}
				expect(delivery.response.text).not.toContain(WORKSPACE_SECRET);
				expect(JSON.stringify(delivery.emitted ?? [])).not.toContain(WORKSPACE_SECRET);
			}),
			{ numRuns: RUNS },
		);
		// The generators reach every outcome, so no branch of the property is vacuous.
		for (const outcome of ['400', '401', 'executed', 'nearMiss'])
			expect({ outcome, count: seen[outcome] > 5 }).toEqual({ outcome, count: true });
	});

	it(`with the exact secret, any envelope is emitted exactly once, never dropped (${RUNS} runs)`, async () => {
		await fc.assert(
			fc.asyncProperty(
				type.filter((t): t is string => typeof t === 'string' && t.length > 0),
				payload,
				headers,
				async (t, p, h) => {
					const delivery = await trigger.deliver(
						jsonRequest({ type: t, payload: { ...p, workspaceSecret: WORKSPACE_SECRET } }, h),
					);
					expect(delivery.error).toBeUndefined();
					expect(delivery.status).toBe(200);
					expect(delivery.executed).toBe(true);
					expect(delivery.emitted).toHaveLength(1);
					const item = delivery.emitted![0].json;
					expect(item).not.toHaveProperty('workspaceSecret');
					expect(typeof item.event).toBe('string');
					expect(JSON.stringify(item)).not.toContain(WORKSPACE_SECRET);
				},
			),
			{ numRuns: RUNS },
		);
	});
});

describe('fuzzing over HTTP', () => {
	let server: TriggerServer;
	beforeAll(async () => {
		server = await startTriggerServer({ events: ['*'], secret: WORKSPACE_SECRET, execute: false });
	});
	afterAll(async () => {
		await server.close();
	});

	const HTTP_RUNS = 100;

	it(`raw bytes and headers: no 500, nothing runs without the exact secret (${HTTP_RUNS} runs)`, async () => {
		const rawBody = fc.oneof(
			fc.string({ unit: 'binary' }),
			anyJsonBody.map((b) => JSON.stringify(b) ?? ''),
			fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
		);
		const contentType = fc.constantFrom(
			'application/json',
			'application/json; charset=utf-8',
			'text/plain',
			'application/x-www-form-urlencoded',
			'application/octet-stream',
			'',
		);
		const statuses: number[] = [];
		await fc.assert(
			fc.asyncProperty(rawBody, contentType, headers, async (body, ct, h) => {
				const handledBefore = server.handled.length;
				const safeHeaders = Object.fromEntries(
					Object.entries(h).filter(
						([name, value]) => name !== 'content-type' && /^[\t\x20-\x7e]*$/.test(value),
					),
				);
				const response = await fetch(server.url, {
					method: 'POST',
					headers: { ...safeHeaders, ...(ct ? { 'content-type': ct } : {}) },
					body,
				});
				const text = await response.text();
				statuses.push(response.status);
				expect([200, 400, 401, 422]).toContain(response.status);
				expect(text).not.toContain(WORKSPACE_SECRET);
				const handled = server.handled.slice(handledBefore);
				for (const result of handled) {
					expect(result.error).toBeUndefined();
					if (result.executed) expect(body).toContain(WORKSPACE_SECRET);
				}
			}),
			{ numRuns: HTTP_RUNS },
		);
		for (const status of [200, 400, 401, 422]) expect(statuses).toContain(status);
		expect(server.handled.some((h) => h.executed)).toBe(true);
	}, 60_000);
});
