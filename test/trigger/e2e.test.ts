/**
 * End to end: the sandbox posts events over real HTTP, the way Convocore does, to a local
 * listener that hands each request to the trigger like n8n's webhook server; what the sandbox
 * sent must be exactly what the workflow received, minus the secret.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { EVENT_TYPES } from '../../nodes/shared/contracts/events';
import { startTriggerServer, type TriggerServer } from '../harness/webhook';
import { deepJson, without } from './fixtures';

let sandbox: Sandbox;
const servers: TriggerServer[] = [];

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
});
beforeEach(() => sandbox.reset());
afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(async () => {
	await sandbox.close();
});

async function listen(events: string[], options: Record<string, unknown> = {}, secret?: string) {
	const server = await startTriggerServer({
		events,
		options,
		secret: secret ?? sandbox.keys.euWhiteLabel,
	});
	servers.push(server);
	return server;
}

/** What the trigger should emit for what the sandbox delivered. */
function expectedFrom(delivered: { type: string; body: unknown }): Record<string, unknown> {
	const { payload } = delivered.body as { payload: Record<string, unknown> };
	return { event: delivered.type, ...without(payload, 'workspaceSecret') };
}

describe('sandbox -> HTTP -> Convocore Trigger', () => {
	it('every event type arrives as exactly one item equal to what was sent, minus the secret', async () => {
		const server = await listen(['*']);
		for (const type of EVENT_TYPES) {
			const answer = await sandbox.deliverEvent(server.url, type);
			expect(answer).toEqual({
				status: 200,
				body: JSON.stringify({ message: 'Workflow was started' }),
			});
		}
		const runs = await server.settled();
		expect(runs).toHaveLength(EVENT_TYPES.length);
		expect(sandbox.delivered).toHaveLength(EVENT_TYPES.length);
		for (const run of runs) expect(run).toHaveLength(1);
		expect(runs.map((items) => items[0].json)).toEqual(sandbox.delivered.map(expectedFrom));
		// The sandbox really sent the secret; none of it reached the workflow.
		expect(deepJson(sandbox.delivered)).toContain(sandbox.keys.euWhiteLabel);
		expect(deepJson(runs)).not.toContain(sandbox.keys.euWhiteLabel);
		expect(sandbox.delivered.every((d) => d.status === 200)).toBe(true);
	});

	it("the dashboard's webhook_test, sent through the sandbox's control route", async () => {
		const server = await listen(['webhook_test']);
		const response = await fetch(`${sandbox.url}/__sandbox/events`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ url: server.url, type: 'webhook_test' }),
		});
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({
			status: 200,
			body: '{"message":"Workflow was started"}',
		});
		const runs = await server.settled();
		expect(runs.map((items) => items.map((item) => item.json))).toEqual([
			[expectedFrom(sandbox.delivered[0])],
		]);
	});

	it('events the node does not listen to are answered 200 and start nothing', async () => {
		const server = await listen(['lead_captured']);
		const ignored = await sandbox.deliverEvent(server.url, 'agent_deleted');
		expect(ignored.status).toBe(200);
		expect(JSON.parse(ignored.body)).toEqual({
			message: 'Event type "agent_deleted" is not selected in this trigger; ignored',
		});
		const accepted = await sandbox.deliverEvent(server.url, 'lead_captured');
		expect(accepted.status).toBe(200);
		const runs = await server.settled();
		expect(runs.map((items) => items[0].json.event)).toEqual(['lead_captured']);
		expect(server.handled.map((h) => h.executed)).toEqual([false, true]);
	});

	it("another workspace's secret, or an agent secret in the credential: 401 and nothing runs", async () => {
		const server = await listen(['*']);
		const foreign = await sandbox.deliverEvent(server.url, 'webhook_test', {
			workspaceSecret: sandbox.keys.naWhiteLabel,
		});
		expect(foreign.status).toBe(401);
		expect(foreign.body).not.toContain(sandbox.keys.naWhiteLabel);
		expect(foreign.body).not.toContain(sandbox.keys.euWhiteLabel);

		// The credential holds the agent secret, Convocore sends the workspace secret.
		const agentKeyed = await listen(['*'], {}, sandbox.keys.euAgentSecret);
		const refused = await sandbox.deliverEvent(agentKeyed.url, 'webhook_test');
		expect(refused.status).toBe(401);

		expect(await server.settled()).toEqual([]);
		expect(await agentKeyed.settled()).toEqual([]);
	});

	it('malformed deliveries: invalid JSON is refused by n8n (422) before the node; valid JSON without an envelope gets 400', async () => {
		const server = await listen(['*']);
		const notJson = await sandbox.deliverEvent(server.url, 'webhook_test', {
			raw: '{"type": "webhook_test", "payload": ',
		});
		expect(notJson.status).toBe(422);
		expect(server.refusedBeforeNode).toBe(1);

		for (const raw of [
			'[]',
			'"webhook_test"',
			'{"type":"webhook_test"}',
			'{"type":"webhook_test","payload":[1]}',
		]) {
			const answer = await sandbox.deliverEvent(server.url, 'webhook_test', { raw });
			expect(answer.status).toBe(400);
		}
		expect(server.handled).toHaveLength(4);
		expect(await server.settled()).toEqual([]);
	});

	it('an unknown authenticated type reaches an All Events trigger, marked', async () => {
		const server = await listen(['*']);
		const raw = JSON.stringify({
			type: 'call_ended',
			payload: {
				callId: 'call-1',
				createdAt: Date.now(),
				workspaceSecret: sandbox.keys.euWhiteLabel,
			},
		});
		const answer = await sandbox.deliverEvent(server.url, 'webhook_test', { raw });
		expect(answer.status).toBe(200);
		const [items] = await server.settled();
		expect(items[0].json).toMatchObject({
			event: 'call_ended',
			callId: 'call-1',
			_validation: { valid: false, knownType: false },
		});
		expect(items[0].json).not.toHaveProperty('workspaceSecret');
	});

	it('a payload that breaks its documented shape still runs, with the issues on the item', async () => {
		const server = await listen(['form_submitted']);
		const answer = await sandbox.deliverEvent(server.url, 'form_submitted', {
			payload: { formType: 'survey' },
		});
		expect(answer.status).toBe(200);
		const [items] = await server.settled();
		expect(items[0].json).toMatchObject({ event: 'form_submitted', formType: 'survey' });
		expect(items[0].json._validation).toEqual({
			valid: false,
			knownType: true,
			issues: [
				"formType: Invalid enum value. Expected 'ui_engine_form' | 'ui_engine_input', received 'survey'",
			],
		});
	});

	it('replay guard: a fresh delivery runs, one with a 10-minute-old createdAt is refused 401', async () => {
		const server = await listen(['*'], { maxEventAgeSeconds: 300 });
		expect((await sandbox.deliverEvent(server.url, 'message_received')).status).toBe(200);
		const stale = await sandbox.deliverEvent(server.url, 'message_received', {
			payload: { createdAt: Date.now() - 600_000 },
		});
		expect(stale.status).toBe(401);
		expect(JSON.parse(stale.body).message).toMatch(/older than the 300 seconds/);
		const runs = await server.settled();
		expect(runs).toHaveLength(1);
	});

	it('only POST on the Production URL reaches the node', async () => {
		const server = await listen(['*']);
		expect((await fetch(server.url, { method: 'GET' })).status).toBe(405);
		expect((await sandbox.deliverEvent(`${server.url}-other`, 'webhook_test')).status).toBe(404);
		expect(server.handled).toHaveLength(0);
	});
});
