/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
/**
 * Issue 24 §2: the secret check must stay constant-time through webhook(). An earlier build
 * scanned every string of the event for the secret with `includes` (to redact it) before the
 * comparison; `includes` stops at the first differing character, so a received secret with more
 * right leading characters was answered measurably later.
 *
 * Two proofs:
 *  - deterministic: no string search that involves the configured secret runs before
 *    crypto.timingSafeEqual, and none at all for a refused event;
 *  - statistical: near misses (all characters right but the last) and far misses (the first one
 *    wrong) of a 64 KB secret are answered in the same time, measured through webhook(), while a
 *    deliberately leaky comparison (a positive control measured in the same run, interleaved) is
 *    seen. The threshold is a third of the control's leak, so it scales with the machine.
 */
import crypto from 'crypto';
import { jsonRequest, TriggerHarness, type WebhookRequest } from '../harness/webhook';
import { WORKSPACE_SECRET } from './fixtures';

const SEARCHES = [
	'includes',
	'indexOf',
	'lastIndexOf',
	'startsWith',
	'endsWith',
	'split',
	'replace',
	'replaceAll',
	'localeCompare',
] as const;

/** The other character, so that a changed position never matches. */
const otherThan = (char: string) => (char === 'x' ? 'y' : 'x');
const nearMissOf = (secret: string) => secret.slice(0, -1) + otherThan(secret.slice(-1));
const farMissOf = (secret: string) => otherThan(secret[0]) + secret.slice(1);

const eventWith = (workspaceSecret: string, extra: Record<string, unknown> = {}): WebhookRequest =>
	jsonRequest({
		type: 'webhook_test',
		payload: { workspaceSecret, createdAt: 1_700_000_000_000, ...extra },
	});

describe('no work that depends on the secret runs before the constant-time comparison', () => {
	afterEach(() => jest.restoreAllMocks());

	/** Records, in order, each timingSafeEqual and each string search that involves `secret`. */
	function recordSecretUse(secret: string): string[] {
		const log: string[] = [];
		const originalCompare = crypto.timingSafeEqual;
		jest.spyOn(crypto, 'timingSafeEqual').mockImplementation((a, b) => {
			log.push('compare');
			return originalCompare(a, b);
		});
		for (const name of SEARCHES) {
			const original = String.prototype[name] as (...args: unknown[]) => unknown;
			jest.spyOn(String.prototype, name).mockImplementation(function (
				this: unknown,
				...args: unknown[]
			) {
				if (String(this) === secret || args.includes(secret)) log.push(name);
				return original.apply(this, args);
			} as never);
		}
		return log;
	}

	it('refuses a near miss without searching anything for the secret', async () => {
		const trigger = new TriggerHarness({ events: ['*'], secret: WORKSPACE_SECRET, execute: false });
		// Another field carries the real secret: a scan for it before the check would search it.
		const request = eventWith(nearMissOf(WORKSPACE_SECRET), {
			note: `copy of ${WORKSPACE_SECRET}`,
		});
		const log = recordSecretUse(WORKSPACE_SECRET);
		const delivery = await trigger.deliver(request);
		jest.restoreAllMocks();
		expect(delivery.status).toBe(401);
		expect(log).toEqual(['compare']);
	});

	it('redacts only after the match', async () => {
		const trigger = new TriggerHarness({ events: ['*'], secret: WORKSPACE_SECRET, execute: false });
		const request = eventWith(WORKSPACE_SECRET, { note: `copy of ${WORKSPACE_SECRET}` });
		const log = recordSecretUse(WORKSPACE_SECRET);
		const delivery = await trigger.deliver(request);
		jest.restoreAllMocks();
		expect(delivery.status).toBe(200);
		expect(delivery.emitted?.[0].json.note).toBe('copy of [redacted]');
		expect(log[0]).toBe('compare');
		expect(log.length).toBeGreaterThan(1);
	});
});

describe('near and far misses of a 64 KB secret take the same time through webhook()', () => {
	const SIZE = 64 * 1024;
	/** Pairs per block; blocks alternate between the real comparison and the leaky control. */
	const PAIRS = 400;
	const BLOCKS = 8;

	function randomSecret(): string {
		const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
		const chars = ['vg_'];
		for (let i = 3; i < SIZE; i++) chars.push(alphabet[crypto.randomInt(alphabet.length)]);
		return chars.join('');
	}

	/** A comparison that stops at the first differing character, as the earlier scan did. */
	function leakyCompare(a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView): boolean {
		const text = (view: NodeJS.ArrayBufferView) =>
			Buffer.from(view.buffer, view.byteOffset, view.byteLength).toString('utf16le');
		return text(a).includes(text(b));
	}

	const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1];

	it('is not seen for the real comparison, and is seen for a leaky one (positive control)', async () => {
		const secret = randomSecret();
		const trigger = new TriggerHarness({ events: ['*'], secret, execute: false });
		const near = eventWith(nearMissOf(secret));
		const far = eventWith(farMissOf(secret));

		let leaky = false;
		const originalCompare = crypto.timingSafeEqual;
		jest
			.spyOn(crypto, 'timingSafeEqual')
			.mockImplementation((a, b) => (leaky ? leakyCompare(a, b) : originalCompare(a, b)));

		const samples = {
			real: { near: [] as number[], far: [] as number[] },
			control: { near: [] as number[], far: [] as number[] },
		};
		const timeOne = async (request: WebhookRequest): Promise<number> => {
			const start = process.hrtime.bigint();
			const delivery = await trigger.deliver(request);
			const elapsed = Number(process.hrtime.bigint() - start);
			expect(delivery.status).toBe(401);
			return elapsed;
		};
		// Warm-up: the JIT settles on both paths before anything counts.
		for (const mode of [false, true]) {
			leaky = mode;
			for (let i = 0; i < 100; i++) await timeOne(i % 2 ? near : far);
		}
		// Interleaved: near and far alternate their order pair by pair, real and control block by
		// block, so a change of load or clock speed hits all four sets alike. Medians ignore the
		// samples in which another process took the CPU.
		for (let block = 0; block < BLOCKS; block++) {
			leaky = block % 2 === 1;
			const into = leaky ? samples.control : samples.real;
			for (let i = 0; i < PAIRS; i++) {
				const nearFirst = i % 2 === 0;
				const first = await timeOne(nearFirst ? near : far);
				const second = await timeOne(nearFirst ? far : near);
				into.near.push(nearFirst ? first : second);
				into.far.push(nearFirst ? second : first);
			}
		}
		jest.restoreAllMocks();

		const leakOf = (set: { near: number[]; far: number[] }) => median(set.near) - median(set.far);
		const real = leakOf(samples.real);
		const control = leakOf(samples.control);
		const threshold = control / 3;
		const summary = `near - far: real ${(real / 1000).toFixed(2)} µs, control ${(control / 1000).toFixed(2)} µs, threshold ${(threshold / 1000).toFixed(2)} µs`;
		// The control must show a leak the measurement can see (about 20 µs on an idle machine).
		expect({ summary, controlSeen: control > 5_000 }).toEqual({ summary, controlSeen: true });
		expect({ summary, realUnderThreshold: Math.abs(real) < threshold }).toEqual({
			summary,
			realUnderThreshold: true,
		});
	}, 120_000);
});
