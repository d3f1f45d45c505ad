/* eslint-disable @n8n/community-nodes/no-restricted-globals -- benchmark code: runs in Node against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Agent > Send Message (issue 20), three figures against the sandbox's interact socket:
 *  - 100 items in 100 conversations, every turn taking 500 ms at the sandbox: the node with its
 *    defaults against the node at its ceiling (Options > Concurrency 50 from the first turn);
 *  - one turn: the node's socket client (runInteractTurn) against a bare global-WebSocket client
 *    doing the same turn (open, send the interact object, read every frame until close 1000);
 *    the whole node run through n8n's engine is shown beside it;
 *  - 1,000 turns, 100 of them past their deadline and 100 refused at the handshake: the sockets
 *    and timers of the process before and after, and the sandbox's open connections.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { interactRuntime, runInteractTurn } from '../nodes/Convocore/transport/interactSocket';
import { MAX_CONCURRENCY } from '../nodes/Convocore/helpers/concurrency';
import { SANDBOX_IDS } from '../sandbox/seed/seed';
import { eventually } from '../test/harness/crawlerReceiver';
import { sendMessages } from '../test/harness/interact';
import type { Benchmark, BenchContext } from './common';
import { describeRuns, fmtMs, fmtRatio, interleave, median, timed } from './lib';

const TURN_MS = 500;
const interact = (convoId: string) => ({
	agentId: SANDBOX_IDS.rentalAgent,
	convoId,
	bucket: 'voiceglow-eu',
	prompt: 'When are you open?',
	disableUiEngine: true,
	disableRecordHistory: true,
	isTest: true,
});

type Variant = 'defaults' | 'ceiling';

async function manyConversations(ctx: BenchContext): Promise<void> {
	const { sandbox, report } = ctx;
	const times: Record<Variant, number[]> = { defaults: [], ceiling: [] };
	const problems: string[] = [];
	await interleave<Variant>(['defaults', 'ceiling'], 5, async (variant, round) => {
		sandbox.reset();
		sandbox.injectFault({
			path: '/interact',
			kind: 'latency',
			latencyMs: TURN_MS,
			times: Infinity,
		});
		const input = Array.from({ length: 100 }, (_, index) => ({
			message: 'When are you open?',
			conversationId: `bench-${variant}-${round}-${index}`,
		}));
		const options =
			variant === 'ceiling' ? { options: { concurrency: MAX_CONCURRENCY.default } } : {};
		const { ms, value } = await timed(() => sendMessages(sandbox, input, options));
		times[variant].push(ms);
		const error = value.error('Convocore');
		const items = error ? [] : value.items();
		if (
			error ||
			items.length !== 100 ||
			items.some((item, index) => item.json.conversationId !== input[index].conversationId)
		)
			problems.push(`${variant}: ${error?.message ?? `${items.length} items`}`);
	});
	for (const variant of ['defaults', 'ceiling'] as const)
		report.note(
			`${variant.padEnd(9)} ${describeRuns(times[variant])}: ${times[variant].map(fmtMs).join(', ')}`,
		);
	report.expect(
		'100 conversations: every turn answered, outputs in input order',
		problems.length === 0,
		problems.join(' | ') || '5 rounds × 2 variants × 100 turns',
	);
	const ideal = Math.ceil(100 / MAX_CONCURRENCY.default) * TURN_MS;
	report.info(
		'100 conversations: the ceiling vs its ideal (2 waves of 500 ms)',
		`${fmtRatio(median(times.ceiling) / ideal)} the time`,
	);
	report.target(
		'100 conversations at a 500 ms turn: defaults vs ceiling (fixed 50 from the first turn), wall time',
		median(times.defaults) / median(times.ceiling),
		{ op: '<=', limit: 1.15 },
		(value) => `${fmtRatio(value)} the time`,
	);
}

/** The turn a bare client makes: the global WebSocket, the Bearer header, the object, every frame parsed until close. */
function bareTurn(url: string, secret: string, body: object): Promise<number> {
	const Socket = (
		globalThis as unknown as {
			WebSocket: new (url: string, init: object) => EventTarget & { send(data: string): void };
		}
	).WebSocket;
	return new Promise((resolve, reject) => {
		const socket = new Socket(url, { headers: { Authorization: `Bearer ${secret}` } });
		let frames = 0;
		socket.addEventListener('open', () => socket.send(JSON.stringify(body)));
		socket.addEventListener('message', (event) => {
			JSON.parse(String((event as MessageEvent).data));
			frames++;
		});
		socket.addEventListener('error', () => reject(new Error('bare client failed')));
		socket.addEventListener('close', (event) =>
			(event as unknown as { code: number }).code === 1000
				? resolve(frames)
				: reject(new Error(`closed ${(event as unknown as { code: number }).code}`)),
		);
	});
}

const node: INode = {
	id: 'bench',
	name: 'Convocore',
	type: 'n8n-nodes-convocore.convocore',
	typeVersion: 3,
	position: [0, 0],
	parameters: {},
};
const moduleContext = { getNode: () => node } as unknown as IExecuteFunctions;

async function oneTurn(ctx: BenchContext): Promise<void> {
	const { sandbox, report } = ctx;
	sandbox.reset();
	const url = `${sandbox.url.replace('http:', 'ws:')}/interact`;
	const secret = sandbox.keys.euWhiteLabel;
	const turns = 200;
	const variants = ['bare', 'module'] as const;
	const times: Record<(typeof variants)[number], number[]> = { bare: [], module: [] };
	// Warm both paths (connections, JIT) before measuring.
	for (let i = 0; i < 20; i++) {
		await bareTurn(url, secret, interact(`warm-${i}`));
		await runInteractTurn(moduleContext, {
			baseUrl: sandbox.baseUrl('eu'),
			secret,
			interact: interact(`warm-m-${i}`),
			timeoutMs: 120_000,
			itemIndex: 0,
			secrets: new Set([secret]),
		});
	}
	await interleave([...variants], turns, async (variant, round) => {
		const { ms } = await timed<unknown>(() =>
			variant === 'bare'
				? bareTurn(url, secret, interact(`bare-${round}`))
				: runInteractTurn(moduleContext, {
						baseUrl: sandbox.baseUrl('eu'),
						secret,
						interact: interact(`module-${round}`),
						timeoutMs: 120_000,
						itemIndex: 0,
						secrets: new Set([secret]),
					}),
		);
		times[variant].push(ms);
	});
	const engine: number[] = [];
	for (let round = 0; round < 30; round++)
		engine.push(
			(
				await timed(() =>
					sendMessages(sandbox, [
						{ message: 'When are you open?', conversationId: `engine-${round}` },
					]),
				)
			).ms,
		);
	report.note(
		`bare global WebSocket ${fmtMs(median(times.bare))}, the node's socket client ${fmtMs(median(times.module))}, the whole node run through n8n's engine ${fmtMs(median(engine))} (medians of ${turns}, ${turns} and 30 turns)`,
	);
	report.target(
		"one turn: the node's socket client vs a bare global-WebSocket client, same turn",
		median(times.module) / median(times.bare),
		{ op: '<=', limit: 1.1 },
		(value) => `${fmtRatio(value)} the time`,
	);
	report.info(
		"one turn: the whole node run through n8n's engine vs the bare client",
		`${fmtRatio(median(engine) / median(times.bare))} the time (+${fmtMs(median(engine) - median(times.bare))}, the engine's own run of a workflow)`,
	);
}

function handles(): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
	return counts;
}

async function leaks(ctx: BenchContext): Promise<void> {
	const { sandbox, report } = ctx;
	sandbox.reset();
	const before = handles();
	let deadlines = 0;
	let stopped = 0;
	const realDeadline = interactRuntime.deadline;
	interactRuntime.deadline = (ms, expire) => {
		deadlines++;
		const stop = realDeadline(ms, expire);
		return () => {
			stopped++;
			stop();
		};
	};
	try {
		sandbox.injectFault({ path: '/interact', kind: 'refuse-handshake', times: 100 });
		sandbox.injectFault({ path: '/interact', kind: 'silent', times: 100 });
		const input = Array.from({ length: 1000 }, (_, index) => ({
			message: 'When are you open?',
			conversationId: `leak-${index}`,
		}));
		const { ms, value } = await timed(() =>
			sendMessages(sandbox, input, { options: { timeout: 2 } }, { continueOnFail: true }),
		);
		const errors = value
			.items()
			.map((item) => String(item.json.error ?? ''))
			.filter(Boolean);
		const refused = errors.filter((error) => error.startsWith('Convocore refused')).length;
		const late = errors.filter((error) => error.startsWith('The agent did not finish')).length;
		await eventually(
			() =>
				sandbox.interact.open === 0 &&
				(handles().TCPSocketWrap ?? 0) <= (before.TCPSocketWrap ?? 0),
			15_000,
			'every socket to be closed',
		).catch(() => undefined);
		const after = handles();
		report.note(
			`1,000 turns in ${fmtMs(ms)}: ${1000 - errors.length} answered, ${late} past their 2 s deadline, ${refused} refused; deadlines started ${deadlines}, stopped ${stopped}`,
		);
		report.note(
			`handles before ${JSON.stringify(before)}, after ${JSON.stringify(after)}; sandbox connections open ${sandbox.interact.open}`,
		);
		// On a loaded machine an answered turn can outlast 2 s too: the 100 silent ones are the floor.
		report.expect(
			'1,000 turns: 100 refused, the 100 silent ones (and no other failure) past the deadline',
			refused === 100 && late >= 100 && refused + late === errors.length,
			`${refused} refused, ${late} late, ${errors.length} errors`,
		);
		report.expect(
			'1,000 turns: no socket or timer left open (TCP handles and timers back to where they were, every deadline stopped, no connection open at the sandbox)',
			(after.TCPSocketWrap ?? 0) <= (before.TCPSocketWrap ?? 0) &&
				(after.Timeout ?? 0) <= (before.Timeout ?? 0) &&
				stopped === deadlines &&
				deadlines === 1000 &&
				sandbox.interact.open === 0,
			`TCP ${before.TCPSocketWrap ?? 0} → ${after.TCPSocketWrap ?? 0}, timers ${before.Timeout ?? 0} → ${after.Timeout ?? 0}, deadlines ${stopped}/${deadlines} stopped`,
		);
	} finally {
		interactRuntime.deadline = realDeadline;
	}
}

export const sendMessageBench: Benchmark = {
	id: 'converse',
	title:
		'Agent > Send Message: 100 conversations at a 500 ms turn, one turn against a bare WebSocket client, 1,000 turns leave nothing open',
	async run(ctx) {
		await manyConversations(ctx);
		await oneTurn(ctx);
		await leaks(ctx);
	},
};
