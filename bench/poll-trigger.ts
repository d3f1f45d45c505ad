/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- benchmark code: runs in Node against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * The Convocore Conversation Trigger (issue 32):
 * - requests against the sandbox: a poll with nothing new is 1 request; one with 250 new sessions
 *   at most ⌈250 / limit⌉ + 1, at the API's default limit (50) and the node's (100);
 * - CPU per emitted session against the webhook trigger's per event (≤ 1.2×). Both measure the
 *   node's own work in n8n-core's context, without the network: the webhook trigger gets its
 *   deliveries in-process (bench/trigger-cost.ts does the same), the polling trigger gets its
 *   pages as JSON text from an in-process answer instead of n8n's HTTP client, so its figure
 *   includes parsing and checking each page, the watermark and building the items. Each poll
 *   emits 250 new sessions (3 pages of 100, two turns each, Simplify on).
 */
import type { IHttpRequestOptions } from 'n8n-workflow';
import { SANDBOX_IDS } from '../sandbox/seed/seed';
import { sampleEventPayload } from '../sandbox/domain/events';
import { addSessions, sessionFeed } from '../sandbox/domain/sessionFeed';
import { jsonRequest, TriggerHarness } from '../test/harness/webhook';
import { PollHarness } from '../test/pollTrigger/harness';
import type { Benchmark } from './common';
import { cpuMs, fmtRatio, fmtUs, interleave, median } from './lib';

const SECRET = 'vg_BenchSecret7Qm2Xk9pZ';
const NEW_SESSIONS = 250;
const PAGE = 100;
const ROUNDS = 10;
/** Polls per round (each emits NEW_SESSIONS) and webhook deliveries per round: the same number of items. */
const POLLS_PER_ROUND = 8;
const DELIVERIES = POLLS_PER_ROUND * NEW_SESSIONS;
const TARGET_RATIO = 1.2;

const workspace = { __rl: true, mode: 'id', value: SANDBOX_IDS.euWorkspace };

/** One page of the feed as the API would send it: `count` sessions, newest first, from `newest` down. */
function pageText(newest: number, count: number, hasMore: boolean, page: number): string {
	const sessions = Array.from({ length: count }, (_, i) => {
		const ts = newest - i;
		return {
			convoId: `convo-bench-${ts}`,
			agentId: SANDBOX_IDS.ownAccountAgent,
			agentName: 'Bench agent',
			userName: 'Ada Lovelace',
			userEmail: `ada.${ts}@example.com`,
			userPhone: '+4915740000001',
			origin: 'web-chat',
			state: 'ai-chatting',
			sessionData: {
				turns: [
					{
						from: 'human',
						ts,
						messages: [
							{
								item: {
									type: 'text',
									payload: { message: 'Hello, I would like to book a table.' },
								},
							},
						],
					},
					{
						from: 'bot',
						ts: ts + 1,
						messages: [
							{ item: { type: 'text', payload: { message: 'Hi! For how many people?' } } },
						],
					},
				],
				sessions: [[]],
				currentSessionTs: ts,
				allSessionTimestamps: [ts],
			},
		};
	});
	return JSON.stringify({
		sessions,
		timestampRange: { oldest: newest - count + 1, newest },
		pagination: { page, limit: PAGE, hasMore, totalFetched: count },
	});
}

/** A feed whose newest session moves on by NEW_SESSIONS before each poll; older pages hold what was seen. */
class CannedFeed {
	newest = 1_000_000;

	answer = async (options: IHttpRequestOptions): Promise<unknown> => {
		const page = Number((options.qs as { page?: unknown }).page ?? 0);
		const top = this.newest - page * PAGE;
		return {
			statusCode: 200,
			headers: { 'content-type': 'application/json' },
			body: pageText(top, PAGE, true, page),
		};
	};
}

export const pollTriggerBench: Benchmark = {
	id: 'poll',
	title: `Conversation Trigger: requests per poll, and CPU per emitted session vs the webhook trigger's per event (${DELIVERIES} items × ${ROUNDS} interleaved rounds)`,
	async run({ sandbox, report, credential }) {
		// Requests, against the sandbox.
		let clock = Date.UTC(2026, 10, 27, 8, 0, 0);
		sessionFeed(sandbox.state).clock = () => (clock += 7);
		const SESSIONS = { method: 'GET', path: '/workspace/sessions' };
		for (const limit of [50, PAGE]) {
			const trigger = new PollHarness({
				credential,
				parameters: { workspaceId: workspace, options: { pageSize: limit } },
			});
			await trigger.activate();
			let before = sandbox.count(SESSIONS);
			const idle = await trigger.tick();
			const idleRequests = sandbox.count(SESSIONS) - before;
			report.expect(
				`limit ${limit}: a poll with nothing new is 1 request`,
				idleRequests === 1 && !idle.emitted && !idle.error,
				`${idleRequests} request(s)`,
			);
			addSessions(sandbox.state, { count: NEW_SESSIONS });
			before = sandbox.count(SESSIONS);
			const busy = await trigger.tick();
			const requests = sandbox.count(SESSIONS) - before;
			const bound = Math.ceil(NEW_SESSIONS / limit) + 1;
			report.expect(
				`limit ${limit}: a poll with ${NEW_SESSIONS} new sessions takes at most ⌈${NEW_SESSIONS}/${limit}⌉ + 1 = ${bound} requests and emits each once`,
				requests <= bound &&
					busy.emitted?.length === NEW_SESSIONS &&
					new Set(busy.emitted.map((item) => item.json.convoId)).size === NEW_SESSIONS,
				`${requests} requests, ${busy.emitted?.length ?? 0} sessions`,
			);
		}

		// CPU per item.
		const feed = new CannedFeed();
		const poller = new PollHarness({
			credential: { region: 'eu', secretKey: SECRET },
			parameters: { workspaceId: workspace, options: { pageSize: PAGE } },
			answer: feed.answer,
		});
		await poller.activate();
		const webhook = new TriggerHarness({
			events: ['message_received', 'conversation_updated'],
			secret: SECRET,
			execute: false,
		});
		const deliveries = Array.from({ length: DELIVERIES }, (_, i) => {
			const type = i % 2 ? 'conversation_updated' : 'message_received';
			return jsonRequest({
				type,
				payload: { ...sampleEventPayload(type, SECRET), convoId: `convo-${i}` },
			});
		});
		const perItem = { 'polling trigger': [] as number[], 'webhook trigger': [] as number[] };
		type Variant = keyof typeof perItem;
		let emittedPolls = 0;
		let emittedWebhook = 0;
		const runOnce = async (variant: Variant) => {
			const start = cpuMs();
			if (variant === 'polling trigger') {
				for (let i = 0; i < POLLS_PER_ROUND; i++) {
					feed.newest += NEW_SESSIONS;
					const outcome = await poller.tick();
					emittedPolls += outcome.emitted?.length ?? 0;
				}
			} else {
				for (const request of deliveries) {
					const delivery = await webhook.deliver(request);
					emittedWebhook += delivery.emitted?.length ?? 0;
				}
			}
			return ((cpuMs() - start) * 1000) / DELIVERIES;
		};
		await runOnce('polling trigger');
		await runOnce('webhook trigger');
		emittedPolls = 0;
		emittedWebhook = 0;
		await interleave(Object.keys(perItem) as Variant[], ROUNDS, async (variant) => {
			perItem[variant].push(await runOnce(variant));
		});
		for (const variant of Object.keys(perItem) as Variant[]) {
			report.note(
				`${variant.padEnd(16)} median ${fmtUs(median(perItem[variant]))} of CPU per item (${perItem[variant].map((us) => fmtUs(us)).join(', ')})`,
			);
		}
		report.expect(
			'every poll emitted its 250 new sessions, each delivery its event',
			emittedPolls === ROUNDS * DELIVERIES && emittedWebhook === ROUNDS * DELIVERIES,
			`${emittedPolls} sessions, ${emittedWebhook} events`,
		);
		report.target(
			'polling trigger: CPU per emitted session vs the webhook trigger per event',
			median(perItem['polling trigger']) / median(perItem['webhook trigger']),
			{ op: '<=', limit: TARGET_RATIO },
			fmtRatio,
		);
	},
};
