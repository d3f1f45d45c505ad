/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- benchmark code: runs in Node against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * 4. Trigger: webhook deliveries verified and emitted by the Convocore Trigger in n8n-core's
 * WebhookContext, each accepted one then run through WorkflowExecute (trigger -> No Operation),
 * as n8n does for responseMode 'onReceived' (test/harness/webhook.ts).
 *
 *  - memory: heap retained after 100 and after 1,000 deliveries (full GC before each reading).
 *    A node that kept anything per event (a replay cache, the items, the request) would grow
 *    linearly; a control run that keeps every delivery shows the check would see that.
 *  - time per delivery, what Convocore's sender waits for (it gives up after 60 s).
 *  - the constant-time secret comparison against a plain ===.
 */
import { secretsMatch } from '../nodes/ConvocoreTrigger/verification';
import { sampleEventPayload } from '../sandbox/domain/events';
import { jsonRequest, TriggerHarness, type Delivery } from '../test/harness/webhook';
import type { Benchmark } from './common';
import {
	cpuMs,
	fmtBytes,
	fmtMs,
	fmtRatio,
	fmtUs,
	interleave,
	median,
	now,
	percentile,
	settledHeap,
	yieldToLoop,
} from './lib';

const SECRET = 'vg_BenchSecret7Qm2Xk9pZ';
const WARM_UP = 1000;
const FIRST = 100;
const TOTAL = 1000;
const MEMORY_ROUNDS = 2;
const COMPARISONS = 25_000;
const COMPARE_ROUNDS = 5;
/** Heap readings move by a few hundred KB from one full GC to the next, leak or not. */
const NOISE_FLOOR = 256 * 1024;

/**
 * Targets.
 *  - Retained per event ≤ 512 B over 1,000 deliveries (after a warm-up of 1,000, so JIT code and
 *    caches are built): heap readings move by ±300 KB between full GCs, i.e. up to ~300 B/event
 *    of noise (measured −40…280 B), while keeping each execution costs ~6 KB/event (the control
 *    run below) and even a kept item alone is several hundred bytes.
 *  - Heap growth after 1,000 vs after 100 ≤ 3×, both floored at 256 KB of noise: without a leak
 *    both are noise (≈1×); a leak of 1 KB/event makes it ≈4×, 6 KB/event ≈20×.
 *  - Median delivery ≤ 10 ms: one verification, one item, one tiny execution; ~0.25 ms here.
 *  - Secret check ≤ 50 µs of CPU: the secret's UTF-16 bytes and a timingSafeEqual over the configured secret's length; well under 1 µs here.
 *
 * Between deliveries the event loop turns, as it does between HTTP requests in n8n. Without that,
 * a loop of in-process deliveries never leaves the microtask queue, and the writes that n8n-core's
 * logger (winston, even at level silent) queues on process.nextTick pile up: ~1.7 KB per delivery
 * that looks like a leak and is not one.
 */
const TARGET_RETAINED_PER_EVENT = 512;
const TARGET_GROWTH_RATIO = 3;
const TARGET_DELIVERY_MS = 10;
const TARGET_CHECK_US = 50;

interface MemoryRound {
	first: number;
	total: number;
}

export const trigger: Benchmark = {
	id: 'trigger',
	title: `Trigger: webhook deliveries through WebhookContext + WorkflowExecute, heap after ${FIRST} vs ${TOTAL.toLocaleString('en')}; secret check cost`,
	async run({ report }) {
		const harness = new TriggerHarness({
			events: ['message_received', 'conversation_updated'],
			secret: SECRET,
		});
		let accepted = 0;
		let refused = 0;
		let deliveryCounter = 0;
		const latencies: number[] = [];
		/** The control run's deliberate leak: every delivery kept, execution included. */
		const kept: Delivery[] = [];
		let keep = false;

		const deliverOne = async () => {
			// Each delivery is its own HTTP request in n8n: the event loop turns in between.
			await yieldToLoop();
			const type = deliveryCounter % 2 ? 'conversation_updated' : 'message_received';
			const payload = {
				...sampleEventPayload(type, SECRET),
				convoId: `convo-${deliveryCounter++}`,
			};
			const start = now();
			const delivery = await harness.deliver(jsonRequest({ type, payload }));
			latencies.push(now() - start);
			const item = delivery.items?.[0]?.json;
			if (
				delivery.status === 200 &&
				delivery.items?.length === 1 &&
				item?.event === type &&
				!('workspaceSecret' in item)
			)
				accepted++;
			else refused++;
			if (keep) kept.push(delivery);
		};
		const deliverMany = async (count: number) => {
			for (let i = 0; i < count; i++) await deliverOne();
		};
		const memoryRound = async (): Promise<MemoryRound> => {
			const h0 = await settledHeap();
			await deliverMany(FIRST);
			const hFirst = await settledHeap();
			await deliverMany(TOTAL - FIRST);
			const hTotal = await settledHeap();
			return { first: hFirst - h0, total: hTotal - h0 };
		};

		// Warm-up: JIT, n8n-core's lazily built caches, the expression engine.
		const warmStart = now();
		await deliverMany(WARM_UP);
		report.note(`warm-up: ${WARM_UP} deliveries in ${fmtMs(now() - warmStart)}`);
		latencies.length = 0;

		const rounds: MemoryRound[] = [];
		for (let round = 0; round < MEMORY_ROUNDS; round++) {
			const start = now();
			const result = await memoryRound();
			rounds.push(result);
			report.note(
				`round ${round + 1}: ${TOTAL} deliveries in ${fmtMs(now() - start)}; heap ${signed(result.first)} after ${FIRST}, ` +
					`${signed(result.total)} after ${TOTAL} (${fmtBytes(result.total / TOTAL)} per event)`,
			);
		}
		// Control: the same, keeping every delivery (a leak of the execution), to show it is seen.
		keep = true;
		const control = await memoryRound();
		keep = false;
		kept.length = 0;
		report.note(
			`control, keeping every delivery: heap ${signed(control.first)} after ${FIRST}, ${signed(control.total)} after ${TOTAL} ` +
				`(${fmtBytes(control.total / TOTAL)} per event; ratio ${fmtRatio(growthRatio(control))})`,
		);

		const delivered = WARM_UP + (MEMORY_ROUNDS + 1) * TOTAL;
		report.expect(
			'every delivery verified, emitted one item without the secret, executed',
			accepted === delivered && refused === 0,
			`${accepted} of ${delivered} accepted, ${refused} not`,
		);
		report.expect(
			'the memory check sees a known leak (control run keeping every delivery)',
			control.total / TOTAL > TARGET_RETAINED_PER_EVENT &&
				growthRatio(control) > TARGET_GROWTH_RATIO,
			`${fmtBytes(control.total / TOTAL)} per event, growth ratio ${fmtRatio(growthRatio(control))}`,
		);
		report.target(
			`trigger ${TOTAL} deliveries: heap retained per event`,
			median(rounds.map((round) => round.total / TOTAL)),
			{ op: '<=', limit: TARGET_RETAINED_PER_EVENT },
			fmtBytes,
			`heap retained per event over ${TOTAL} deliveries`,
			'other',
		);
		report.target(
			`trigger: heap growth after ${TOTAL} vs after ${FIRST} deliveries (each floored at ${fmtBytes(NOISE_FLOOR)})`,
			median(rounds.map(growthRatio)),
			{ op: '<=', limit: TARGET_GROWTH_RATIO },
			fmtRatio,
			`heap growth after ${TOTAL} vs after ${FIRST}`,
			'other',
		);
		report.note(
			`delivery (verify + emit + execution): median ${fmtMs(median(latencies))}, p99 ${fmtMs(percentile(latencies, 99))}, ` +
				`max ${fmtMs(Math.max(...latencies))}`,
		);
		report.target(
			'trigger: one delivery, verified, emitted and executed (median)',
			median(latencies),
			{ op: '<=', limit: TARGET_DELIVERY_MS },
			fmtMs,
			'time per delivery (median)',
		);

		// Constant-time comparison vs ===, on the same inputs: a match and mismatches at the first
		// and at the last character, and one of another length. The match is a fresh copy, so === has
		// to compare characters, not just see the same string object.
		const wrongFirst = `X${SECRET.slice(1)}`;
		const wrongLast = `${SECRET.slice(0, -1)}X`;
		const inputs = [[...SECRET].join(''), wrongFirst, wrongLast, `${SECRET}extra`];
		// Matches counted per comparison function: the results are used (nothing to optimise away)
		// and must agree.
		const matches: Record<string, number> = {};
		// CPU time, not wall time: a synchronous loop of microseconds is what it costs, and wall time
		// on a shared machine adds whatever the scheduler took away.
		const compareWith = (
			name: string,
			compare: (a: string, b: string) => boolean,
			received: string[],
		) => {
			let matched = 0;
			const start = cpuMs();
			for (let i = 0; i < COMPARISONS; i++)
				if (compare(received[i % received.length], SECRET)) matched++;
			const perCheckUs = ((cpuMs() - start) * 1000) / COMPARISONS;
			matches[name] = (matches[name] ?? 0) + matched;
			return perCheckUs;
		};
		const perCheck: Record<string, number[]> = {
			secretsMatch: [],
			'===': [],
			'secretsMatch first': [],
			'secretsMatch last': [],
		};
		await interleave(['secretsMatch', '==='] as const, COMPARE_ROUNDS, async (variant) => {
			perCheck[variant].push(
				compareWith(variant, variant === '===' ? (a, b) => a === b : secretsMatch, inputs),
			);
		});
		await interleave(
			['secretsMatch first', 'secretsMatch last'] as const,
			COMPARE_ROUNDS,
			async (variant) => {
				perCheck[variant].push(
					compareWith(variant, secretsMatch, [
						variant === 'secretsMatch first' ? wrongFirst : wrongLast,
					]),
				);
			},
		);
		const expectedMatches = (COMPARISONS / inputs.length) * COMPARE_ROUNDS;
		report.expect(
			'secretsMatch agrees with === on every input',
			matches.secretsMatch === expectedMatches &&
				matches['==='] === expectedMatches &&
				!matches['secretsMatch first'] &&
				!matches['secretsMatch last'],
			`${matches.secretsMatch} and ${matches['===']} matches of ${COMPARISONS * COMPARE_ROUNDS} (expected ${expectedMatches}); near-misses never match`,
		);
		const constantTime = median(perCheck.secretsMatch);
		const plain = median(perCheck['===']);
		report.note(
			`secretsMatch ${fmtUs(constantTime)} per check, === ${fmtUs(plain)} per check (CPU time, ${COMPARISONS.toLocaleString('en')} checks × ${COMPARE_ROUNDS} rounds)`,
		);
		report.target(
			'trigger: constant-time secret check (timingSafeEqual over the configured secret bytes), CPU per check',
			constantTime,
			{ op: '<=', limit: TARGET_CHECK_US },
			fmtUs,
			'secret check, CPU per call',
		);
		report.info(
			'trigger: secret check, constant-time vs ===',
			`${fmtRatio(constantTime / plain)} the time`,
			'secret check, constant-time vs ===',
		);
		report.info(
			'trigger: secret check, mismatch at first vs at last character',
			// Fastest round of each: noise only ever adds time.
			`${fmtRatio(Math.min(...perCheck['secretsMatch first']) / Math.min(...perCheck['secretsMatch last']))} the time`,
			'secret check, mismatch first vs last char',
		);
	},
};

function growthRatio(round: MemoryRound): number {
	return Math.max(round.total, NOISE_FLOOR) / Math.max(round.first, NOISE_FLOOR);
}

function signed(bytes: number): string {
	return bytes < 0 ? fmtBytes(bytes) : `+${fmtBytes(bytes)}`;
}
