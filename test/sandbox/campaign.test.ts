/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * The sandbox's campaigns over real HTTP: while enabled, a campaign calls its group's leads step
 * by step (counters move, conversations appear, events are posted); paused, it stops; restarted,
 * it calls everyone again. Nothing is timed: each test waits for the state it expects.
 */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import { type Sandbox } from '../../sandbox';
import { SANDBOX_IDS, SANDBOX_KEYS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();
const key = SANDBOX_KEYS.euWhiteLabel;
const agentPath = `/agents/${SANDBOX_IDS.ownAccountAgent}`;

let receiver: Server;
let receiverUrl: string;
beforeAll(async () => {
	receiver = createServer((req, res) => {
		req.resume();
		req.on('end', () => res.end('ok'));
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
});
afterAll(async () => {
	await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** Resolves once `done()` holds, checking after each campaign step (never a time limit of its own). */
async function until(s: Sandbox, done: () => boolean): Promise<void> {
	while (!done()) await new Promise((resolve) => setTimeout(resolve, s.state.campaignStepMs));
}

async function setUp(s: Sandbox): Promise<string> {
	s.state.campaignStepMs = 10;
	const leads = [
		{ userName: 'Ann', userPhone: '+4917600000001' },
		{ userName: 'Ben', userPhone: '+4917600000002' },
		{ userName: 'No Phone', userEmail: 'nophone@example.com' },
	];
	const imported = await api(s, 'POST', `${agentPath}/leads/bulk`, { key, body: { leads } });
	expect(imported.status).toBe(201);
	const group = await api(s, 'POST', `${agentPath}/groups`, {
		key,
		body: { groupName: 'today', leads: imported.body.data.leadIds },
	});
	expect(group.status).toBe(201);
	const created = await api(s, 'POST', `${agentPath}/campaigns`, {
		key,
		body: { name: 'Today', leadGroupName: 'today', delayBetweenEachCall: 0, concurrentSlots: 1 },
	});
	expect(created.status).toBe(201);
	return created.body.data.id as string;
}

const campaignOf = (s: Sandbox, id: string) => s.state.campaigns![id];

describe('sandbox campaigns', () => {
	it('a created campaign is paused and calls no one', async () => {
		const s = sandbox();
		const id = await setUp(s);
		expect(campaignOf(s, id)).toEqual(
			expect.objectContaining({ enabled: false, contactedLeads: 0, totalLeads: 3 }),
		);
		expect(
			Object.values(s.state.conversations).filter((convo) => convo.campaignId === id),
		).toHaveLength(0);
	});

	it('started, it calls the group one slot at a time until every lead was contacted; events are posted', async () => {
		const s = sandbox();
		const id = await setUp(s);
		s.setEventReceiver(receiverUrl);
		const toggled = await api(s, 'PATCH', `${agentPath}/campaigns/${id}`, {
			key,
			body: { ownerId: SANDBOX_IDS.euWorkspace },
		});
		expect(toggled.body.data.enabled).toBe(true);
		await until(
			s,
			() => campaignOf(s, id).contactedLeads === 3 && campaignOf(s, id).onGoingCalls === 0,
		);
		const listed = await api(s, 'GET', `${agentPath}/campaigns`, { key });
		expect(listed.body.campaigns[0]).toEqual(
			expect.objectContaining({
				contactedLeads: 3,
				successfulCalls: 2,
				missingCalls: 1,
				onGoingCalls: 0,
				totalLeads: 3,
			}),
		);
		const convos = Object.values(s.state.conversations).filter((convo) => convo.campaignId === id);
		expect(convos.map((convo) => convo.userName).sort()).toEqual(['Ann', 'Ben']);
		await s.settleEvents();
		expect(s.delivered.filter((event) => event.type === 'conversation_updated')).toHaveLength(2);
	});

	it('paused, it stops calling; started again, it carries on where it stopped', async () => {
		const s = sandbox();
		const id = await setUp(s);
		const toggle = () =>
			api(s, 'PATCH', `${agentPath}/campaigns/${id}`, {
				key,
				body: { ownerId: SANDBOX_IDS.euWorkspace },
			});
		// No step comes on its own here: a start rings its first lead at once, the next step is an hour away.
		s.state.campaignStepMs = 3_600_000;
		await toggle();
		expect(campaignOf(s, id)).toEqual(
			expect.objectContaining({ enabled: true, contactedLeads: 1, onGoingCalls: 1 }),
		);
		await toggle();
		expect(campaignOf(s, id)).toEqual(
			expect.objectContaining({ enabled: false, contactedLeads: 1 }),
		);
		s.state.campaignStepMs = 10;
		await toggle();
		await until(
			s,
			() => campaignOf(s, id).contactedLeads === 3 && campaignOf(s, id).onGoingCalls === 0,
		);
		expect(campaignOf(s, id)).toEqual(
			expect.objectContaining({ successfulCalls: 2, missingCalls: 1 }),
		);
	});

	it('a toggle by someone who is not the workspace owner is refused', async () => {
		const s = sandbox();
		const id = await setUp(s);
		const answer = await api(s, 'PATCH', `${agentPath}/campaigns/${id}`, {
			key,
			body: { ownerId: 'someone-else' },
		});
		expect(answer.status).toBe(403);
		expect(campaignOf(s, id).enabled).toBe(false);
	});

	it('restart with Reset Conversations deletes its conversations and calls everyone again', async () => {
		const s = sandbox();
		const id = await setUp(s);
		await api(s, 'PATCH', `${agentPath}/campaigns/${id}`, {
			key,
			body: { ownerId: SANDBOX_IDS.euWorkspace },
		});
		await until(
			s,
			() => campaignOf(s, id).contactedLeads === 3 && campaignOf(s, id).onGoingCalls === 0,
		);
		const before = Object.keys(s.state.conversations).filter(
			(k) => s.state.conversations[k].campaignId === id,
		);
		const restarted = await api(s, 'PATCH', `${agentPath}/campaigns/${id}/restart`, {
			key,
			body: { workspaceOwnerEmail: 'owner@acme.example', resetConversations: true },
		});
		// Counters back to 0, then the first lead rung again at once (one slot).
		expect(restarted.body.data).toEqual(
			expect.objectContaining({
				contactedLeads: 1,
				onGoingCalls: 1,
				successfulCalls: 0,
				missingCalls: 0,
				enabled: true,
			}),
		);
		expect(before.filter((k) => s.state.conversations[k])).toEqual([]);
		await until(
			s,
			() => campaignOf(s, id).contactedLeads === 3 && campaignOf(s, id).onGoingCalls === 0,
		);
		expect(
			Object.values(s.state.conversations).filter((convo) => convo.campaignId === id),
		).toHaveLength(2);
	});

	it('every route validates with the shared contracts', async () => {
		const s = sandbox();
		const bad = await api(s, 'POST', `${agentPath}/campaigns`, {
			key,
			body: { name: 'x', leadGroupName: 'today', delayBetweenEachCall: 0, concurrentSlots: 0 },
		});
		expect([bad.status, bad.body.message]).toEqual([
			400,
			'Invalid campaign: concurrentSlots: must be at least 1',
		]);
		const extra = await api(s, 'POST', `${agentPath}/leads/bulk`, {
			key,
			body: { leads: [{ userName: 'A', unknown: 1 }] },
		});
		expect(extra.status).toBe(400);
	});
});
