/**
 * compilePredicate(schema)(value) must equal schema.safeParse(value).success: the trigger trusts
 * a yes without asking zod. Checked on every event payload contract with payloads edited at random
 * (fields removed, replaced by values of every JSON kind, extra keys), and on small schemas of
 * each kind it covers, plus the kinds it must refuse to compile.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { EVENT_PAYLOAD_SCHEMAS, EVENT_TYPES } from '../../nodes/shared/contracts/events';
import { compilePredicate } from '../../nodes/shared/contracts/predicate';
import { smsResponseContract } from '../../nodes/shared/contracts/sms';
import * as agents from '../../nodes/shared/contracts/agent';
import * as calls from '../../nodes/shared/contracts/call';
import * as conversations from '../../nodes/shared/contracts/conversation';
import * as crawler from '../../nodes/shared/contracts/crawlerJob';
import * as customMetrics from '../../nodes/shared/contracts/customMetric';
import * as knowledgeBase from '../../nodes/shared/contracts/knowledgeBase';
import * as leads from '../../nodes/shared/contracts/lead';
import * as numbers from '../../nodes/shared/contracts/phoneNumber';
import * as sms from '../../nodes/shared/contracts/sms';
import * as voices from '../../nodes/shared/contracts/voice';
import { sampleEventPayload } from '../../sandbox/domain/events';
const anyJson = fc.oneof(
	fc.jsonValue({ maxDepth: 2 }),
	fc.constantFrom(
		undefined,
		null,
		NaN,
		Infinity,
		'',
		0,
		[],
		{},
		'whatsapp',
		'eu',
		'updated',
		'created',
	),
);

/** A sample payload of the type with a few of its fields removed or replaced, and extra keys. */
const editedPayload = (type: (typeof EVENT_TYPES)[number]) => {
	const sample = sampleEventPayload(type, 'vg_secret');
	const keys = Object.keys(sample);
	return fc
		.record({
			removed: fc.subarray(keys, { maxLength: 2 }),
			replaced: fc.dictionary(fc.constantFrom(...keys), anyJson, { maxKeys: 2 }),
			extra: fc.dictionary(fc.string({ maxLength: 6 }), anyJson, { maxKeys: 2 }),
		})
		.map(({ removed, replaced, extra }) => {
			const payload: Record<string, unknown> = { ...extra, ...sample, ...replaced };
			for (const key of removed) delete payload[key];
			return payload;
		});
};

describe('compilePredicate on the event payload contracts', () => {
	it.each(EVENT_TYPES)('%s compiles and agrees with zod', (type) => {
		const schema = EVENT_PAYLOAD_SCHEMAS[type];
		const predicate = compilePredicate(schema);
		expect(predicate).toBeDefined();
		expect(predicate?.(sampleEventPayload(type, 'vg_secret'))).toBe(true);
		let rejected = 0;
		fc.assert(
			fc.property(editedPayload(type), (payload) => {
				const expected = schema.safeParse(payload).success;
				if (!expected) rejected++;
				return predicate?.(payload) === expected;
			}),
			{ numRuns: 300 },
		);
		// The edits do break the contract often enough for the comparison to mean something.
		expect(rejected).toBeGreaterThan(30);
	});

	it('agrees on values that are not objects at all', () => {
		const predicate = compilePredicate(EVENT_PAYLOAD_SCHEMAS.message_received);
		for (const value of [
			null,
			undefined,
			[],
			'text',
			3,
			new Date(),
			new Map(),
			Promise.resolve(),
		]) {
			expect(predicate?.(value)).toBe(
				EVENT_PAYLOAD_SCHEMAS.message_received.safeParse(value).success,
			);
		}
	});
});

describe('compilePredicate on each kind it covers', () => {
	const covered: Array<[string, z.ZodTypeAny]> = [
		['string', z.string()],
		['number', z.number()],
		['boolean', z.boolean()],
		['unknown', z.unknown()],
		['literal', z.literal('updated')],
		['enum', z.enum(['eu', 'na'])],
		['optional', z.string().optional()],
		['nullable', z.number().nullable()],
		['array of unknown', z.array(z.unknown())],
		['array of strings', z.array(z.string())],
		['record of unknown', z.record(z.unknown())],
		['object', z.object({ a: z.string(), b: z.number().optional() })],
		['passthrough object', z.object({ a: z.boolean() }).passthrough()],
	];

	it.each(covered)('%s agrees with zod', (_kind, schema) => {
		const predicate = compilePredicate(schema);
		expect(predicate).toBeDefined();
		fc.assert(
			fc.property(
				fc.oneof(anyJson, fc.record({ a: anyJson, b: anyJson }, { requiredKeys: [] })),
				(value) => {
					return predicate?.(value) === schema.safeParse(value).success;
				},
			),
			{ numRuns: 300 },
		);
	});

	it('agrees on an array with holes, which zod reads as undefined', () => {
		// eslint-disable-next-line no-sparse-arrays -- the hole is the point
		const holey = ['a', , 'c'];
		for (const schema of [z.array(z.string()), z.array(z.string().optional())]) {
			expect(compilePredicate(schema)?.(holey)).toBe(schema.safeParse(holey).success);
		}
	});

	it.each([
		['a string with a rule', z.string().min(1)],
		['a number with a rule', z.number().int()],
		['a strict object', z.object({ a: z.string() }).strict()],
		['an object with a catchall', z.object({ a: z.string() }).catchall(z.number())],
		['an array with a length rule', z.array(z.unknown()).min(1)],
		['a union', z.union([z.string(), z.number()])],
		['a refinement', z.string().refine((value) => value.startsWith('+'))],
		['an object holding an uncovered kind', z.object({ a: z.string().email() })],
	])('leaves %s to zod', (_kind, schema) => {
		expect(compilePredicate(schema as z.ZodTypeAny)).toBeUndefined();
	});
});

/**
 * The transport trusts the predicate's yes for every answer it checks against a contract
 * (transport.ts checkedBody), so every contract that compiles must agree with zod: the SMS answer
 * edited at random, and every exported contract on objects built from its own keys.
 */
describe('compilePredicate on the answer contracts the transport checks', () => {
	const smsAnswer = {
		success: true,
		status: 'sent',
		agentId: 'agent-1',
		to: '+4917600000001',
		mode: 'direct',
		senderMode: 'own_account',
		messageSid: 'SM1',
		messageSids: ['SM1', 'SM2'],
		messageCount: 2,
		segments: [
			{ messageSid: 'SM1', segmentIndex: 0, status: 'queued', extra: 1 },
			{ messageSid: 'SM2', segmentIndex: 1 },
		],
	};
	const smsKeys = Object.keys(smsAnswer);
	const segment = fc.record(
		{ messageSid: anyJson, segmentIndex: anyJson, status: anyJson },
		{ requiredKeys: [] },
	);
	const editedAnswer = fc
		.record({
			removed: fc.subarray(smsKeys, { maxLength: 2 }),
			replaced: fc.dictionary(
				fc.constantFrom(...smsKeys),
				fc.oneof(
					anyJson,
					fc.array(segment, { maxLength: 2 }),
					fc.array(fc.string(), { maxLength: 2 }),
				),
				{ maxKeys: 2 },
			),
			extra: fc.dictionary(fc.string({ maxLength: 6 }), anyJson, { maxKeys: 2 }),
		})
		.map(({ removed, replaced, extra }) => {
			const answer: Record<string, unknown> = { ...extra, ...smsAnswer, ...replaced };
			for (const key of removed) delete answer[key];
			return answer;
		});

	it('the SMS answer contract compiles and agrees with zod', () => {
		const predicate = compilePredicate(smsResponseContract);
		expect(predicate).toBeDefined();
		expect(predicate?.(smsAnswer)).toBe(true);
		let rejected = 0;
		fc.assert(
			fc.property(editedAnswer, (answer) => {
				const expected = smsResponseContract.safeParse(answer).success;
				if (!expected) rejected++;
				return predicate?.(answer) === expected;
			}),
			{ numRuns: 500 },
		);
		expect(rejected).toBeGreaterThan(50);
	});

	const modules = {
		agents,
		calls,
		conversations,
		crawler,
		customMetrics,
		knowledgeBase,
		leads,
		numbers,
		sms,
		voices,
	};
	const allContracts = Object.entries(modules).flatMap(([module, exports]) =>
		Object.entries(exports as Record<string, unknown>).map(([name, value]): [string, unknown] => [
			`${module}.${name}`,
			value,
		]),
	);
	const contracts = allContracts.filter(
		(entry): entry is [string, z.ZodTypeAny] =>
			entry[1] instanceof z.ZodType && compilePredicate(entry[1]) !== undefined,
	);

	it('covers a good share of the contracts', () => {
		expect(contracts.length).toBeGreaterThan(10);
	});

	it.each(contracts)('%s agrees with zod', (_name, schema) => {
		const predicate = compilePredicate(schema);
		const keys =
			schema instanceof z.ZodObject ? Object.keys((schema as z.AnyZodObject).shape as object) : [];
		const shape = [...keys, 'a'];
		const value = fc.oneof(
			anyJson,
			fc.dictionary(
				fc.constantFrom(...shape),
				fc.oneof(anyJson, fc.array(anyJson, { maxLength: 2 })),
			),
		);
		fc.assert(
			fc.property(
				value,
				(candidate) => predicate?.(candidate) === schema.safeParse(candidate).success,
			),
			{ numRuns: 100 },
		);
	});
});
