/**
 * The pure parts of the trigger: the constant-time secret comparison, the redaction and the
 * envelope reading; plus the fixtures used by the other trigger tests.
 */
import crypto from 'crypto';
import { EVENT_PAYLOAD_SCHEMAS, EVENT_TYPES } from '../../nodes/shared/contracts/events';
import { redactSecret } from '../../nodes/ConvocoreTrigger/redaction';
import { readEnvelope, secretsMatch } from '../../nodes/ConvocoreTrigger/verification';
import { REDACTED } from '../../nodes/shared/secrets';
import { payloadFor, WORKSPACE_SECRET } from './fixtures';

describe('secretsMatch', () => {
	afterEach(() => jest.restoreAllMocks());

	it('matches only the identical string', () => {
		expect(secretsMatch(WORKSPACE_SECRET, WORKSPACE_SECRET)).toBe(true);
		for (const other of [
			'',
			'vg_',
			WORKSPACE_SECRET.toLowerCase(),
			`${WORKSPACE_SECRET}\0`,
			WORKSPACE_SECRET.slice(1),
		]) {
			expect(secretsMatch(other, WORKSPACE_SECRET)).toBe(false);
		}
	});

	it("always compares the expected secret's bytes with crypto.timingSafeEqual, whatever the received length", () => {
		const spy = jest.spyOn(crypto, 'timingSafeEqual');
		const expectedUnits = Buffer.from(WORKSPACE_SECRET, 'utf16le');
		for (const received of [
			'x'.repeat(1000),
			'',
			WORKSPACE_SECRET.slice(1),
			WORKSPACE_SECRET.toUpperCase(),
			WORKSPACE_SECRET,
		]) {
			spy.mockClear();
			expect(secretsMatch(received, WORKSPACE_SECRET)).toBe(received === WORKSPACE_SECRET);
			expect(spy).toHaveBeenCalledTimes(1);
			const [a, b] = spy.mock.calls[0] as [Buffer, Buffer];
			// The same amount of work for every received value: the expected bytes against either
			// the received ones (same length) or themselves.
			expect(a).toHaveLength(expectedUnits.length);
			expect(Buffer.from(b).equals(expectedUnits)).toBe(true);
			const sameLength = received.length === WORKSPACE_SECRET.length;
			expect(
				Buffer.from(a).equals(sameLength ? Buffer.from(received, 'utf16le') : expectedUnits),
			).toBe(true);
		}
	});

	it('does not throw on any length difference (a bare timingSafeEqual would)', () => {
		expect(() => secretsMatch('', WORKSPACE_SECRET)).not.toThrow();
		expect(() => secretsMatch('a'.repeat(100_000), 'b')).not.toThrow();
	});

	it('tells apart strings that UTF-8 would encode identically (lone surrogates)', () => {
		expect(Buffer.from('\uD800', 'utf8').equals(Buffer.from('\uDC00', 'utf8'))).toBe(true);
		expect(secretsMatch('vg_\uD800', 'vg_\uDC00')).toBe(false);
		expect(secretsMatch('vg_\uD800', 'vg_\uFFFD')).toBe(false);
	});
});

describe('redactSecret', () => {
	it('replaces the secret in nested values and keys and leaves the input untouched', () => {
		const input = {
			a: [`${WORKSPACE_SECRET}!`, 1, null, { [WORKSPACE_SECRET]: true }],
			b: 'clean',
		};
		const snapshot = JSON.stringify(input);
		expect(redactSecret(input, WORKSPACE_SECRET)).toEqual({
			a: [`${REDACTED}!`, 1, null, { [REDACTED]: true }],
			b: 'clean',
		});
		expect(JSON.stringify(input)).toBe(snapshot);
	});

	it('survives nesting deeper than the call stack', () => {
		let deep: unknown = WORKSPACE_SECRET;
		for (let i = 0; i < 50_000; i++) deep = [deep];
		let out = redactSecret(deep, WORKSPACE_SECRET) as unknown;
		for (let i = 0; i < 50_000; i++) out = (out as unknown[])[0];
		expect(out).toBe(REDACTED);
	});

	it('keeps a "__proto__" key as an own property instead of changing the prototype', () => {
		const input = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as object;
		const out = redactSecret(input, WORKSPACE_SECRET) as Record<string, unknown>;
		expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect(Object.prototype.hasOwnProperty.call(out, '__proto__')).toBe(true);
	});
});

describe('readEnvelope', () => {
	const envelope = { type: 'webhook_test', payload: { message: 'hi' } };

	it('uses the body n8n parsed', () => {
		expect(readEnvelope(envelope, undefined)).toEqual(envelope);
	});

	it('falls back to the raw bytes when n8n did not parse them', () => {
		expect(readEnvelope({}, Buffer.from(JSON.stringify(envelope)))).toEqual(envelope);
		expect(readEnvelope(JSON.stringify(envelope), undefined)).toEqual(envelope);
	});

	it('returns undefined for anything that is not an envelope', () => {
		for (const body of [
			undefined,
			null,
			'',
			'x',
			[],
			[envelope],
			{ type: 'x' },
			{ payload: {} },
			{ type: 'x', payload: [] },
		]) {
			expect(readEnvelope(body, Buffer.from('not json'))).toBeUndefined();
		}
	});
});

describe('fixtures', () => {
	it.each(EVENT_TYPES)('%s matches its documented schema', (type) => {
		const parsed = EVENT_PAYLOAD_SCHEMAS[type].safeParse(payloadFor(type));
		expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
	});
});
