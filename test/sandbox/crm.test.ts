/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * The sandbox's calls, conversations, leads and agents over real HTTP, and the event receiver
 * control route: activity posts the events the spec names to a registered URL.
 */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import { EVENT_PAYLOAD_SCHEMAS } from '../../nodes/shared/contracts/events';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { secretStringsOf } from '../../sandbox/seed/crm';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();

/** A receiver on a free port that keeps every event posted to it. */
async function startReceiver(): Promise<{
	url: string;
	events: Array<{ type: string; payload: Record<string, unknown> }>;
	server: Server;
}> {
	const events: Array<{ type: string; payload: Record<string, unknown> }> = [];
	const server = createServer((req, res) => {
		let text = '';
		req.on('data', (chunk) => (text += chunk));
		req.on('end', () => {
			events.push(JSON.parse(text));
			res.writeHead(200).end('{}');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, events, server };
}

const key = () => sandbox().keys.euWhiteLabel;

async function control(method: string, body?: unknown) {
	const response = await fetch(`${sandbox().url}/__sandbox/event-receiver`, {
		method,
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: response.status, body: await response.json() };
}

describe('event receiver', () => {
	it('a started call, an SMS and a created lead post conversation_updated, conversation_updated and lead_captured', async () => {
		const receiver = await startReceiver();
		try {
			expect((await control('POST', { url: receiver.url })).status).toBe(200);
			expect((await control('GET')).body).toEqual({ url: receiver.url });
			await api(sandbox(), 'POST', '/calls', {
				key: key(),
				body: { agentId: SANDBOX_IDS.ownAccountAgent, to: '+4917611122233' },
			});
			await api(sandbox(), 'POST', '/sms', {
				key: key(),
				body: { agentId: SANDBOX_IDS.ownAccountAgent, to: '+4917611122233', message: 'Hi' },
			});
			await api(sandbox(), 'POST', '/leads', {
				key: key(),
				body: {
					lead: {
						agentId: SANDBOX_IDS.ownAccountAgent,
						name: 'Sam Patel',
						email: 'sam@example.com',
					},
				},
			});
			await sandbox().settleEvents();
			expect(receiver.events.map((event) => event.type)).toEqual([
				'conversation_updated',
				'conversation_updated',
				'lead_captured',
			]);
			for (const event of receiver.events) {
				const schema = EVENT_PAYLOAD_SCHEMAS[event.type as keyof typeof EVENT_PAYLOAD_SCHEMAS];
				expect(schema.safeParse(event.payload).success).toBe(true);
				expect(event.payload.workspaceSecret).toBe(key());
			}
			expect(receiver.events[0].payload).toEqual(
				expect.objectContaining({ channel: 'telephony', agentId: SANDBOX_IDS.ownAccountAgent }),
			);
			expect(receiver.events[2].payload).toEqual(
				expect.objectContaining({ leadName: 'Sam Patel', leadEmail: 'sam@example.com' }),
			);
			expect(receiver.events[2].payload).not.toHaveProperty('leadPhone');
		} finally {
			receiver.server.close();
		}
	});

	it('posts nothing without a receiver, or after it is removed, and dry runs post nothing', async () => {
		const receiver = await startReceiver();
		try {
			await api(sandbox(), 'POST', '/leads', {
				key: key(),
				body: { lead: { agentId: SANDBOX_IDS.ownAccountAgent } },
			});
			await control('POST', { url: receiver.url });
			await api(sandbox(), 'POST', '/sms', {
				key: key(),
				body: {
					agentId: SANDBOX_IDS.ownAccountAgent,
					to: '+4917611122233',
					message: 'Hi',
					options: { dryRun: true },
				},
			});
			await control('DELETE');
			await api(sandbox(), 'POST', '/leads', {
				key: key(),
				body: { lead: { agentId: SANDBOX_IDS.ownAccountAgent } },
			});
			await sandbox().settleEvents();
			expect(receiver.events).toEqual([]);
		} finally {
			receiver.server.close();
		}
	});

	it('refuses a receiver that is not an http(s) URL', async () => {
		expect((await control('POST', { url: 'ftp://x' })).status).toBe(400);
	});
});

describe('calls and conversations', () => {
	it('a call is in progress until the sandbox call duration passes, then ends with a summary', async () => {
		sandbox().state.callDurationMs = 60_000;
		const started = await api(sandbox(), 'POST', '/calls', {
			key: key(),
			body: {
				agentId: SANDBOX_IDS.ownAccountAgent,
				to: '+4917611122233',
				leadInfo: { username: 'Sam' },
			},
		});
		expect(started.status).toBe(200);
		const convoId = started.body.callData.convoId;
		const path = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos/${convoId}`;
		expect((await api(sandbox(), 'GET', path, { key: key() })).body.data).toEqual(
			expect.objectContaining({ state: 'ai-chatting' }),
		);
		sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:${convoId}`].call!.endsAt =
			Date.now() - 1;
		expect((await api(sandbox(), 'GET', path, { key: key() })).body.data).toEqual(
			expect.objectContaining({ state: 'ended_chat', summary: expect.stringContaining('Sam') }),
		);
	});

	it('refuses page above 1 without a cursor, and a limit above 20', async () => {
		const path = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos`;
		expect((await api(sandbox(), 'GET', path, { key: key(), query: { page: 2 } })).body.code).toBe(
			'CURSOR_REQUIRED',
		);
		expect((await api(sandbox(), 'GET', path, { key: key(), query: { limit: 21 } })).status).toBe(
			400,
		);
	});

	it('details need the region the conversation lives in', async () => {
		const path = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos/${SANDBOX_IDS.callConvoId}/details`;
		expect((await api(sandbox(), 'GET', path, { key: key() })).status).toBe(400);
		expect(
			(await api(sandbox(), 'GET', path, { key: key(), query: { region: 'na' } })).status,
		).toBe(404);
		expect(
			(await api(sandbox(), 'GET', path, { key: key(), query: { region: 'eu' } })).status,
		).toBe(200);
	});

	it('calls are writes: the Business plan is refused', async () => {
		const answer = await api(sandbox(), 'POST', '/calls', {
			key: sandbox().keys.euBusiness,
			body: { agentId: SANDBOX_IDS.euBusinessAgent, to: '+4917611122233' },
		});
		expect([answer.status, answer.body.code]).toEqual([403, 'PLAN_UPGRADE_REQUIRED']);
		expect(sandbox().placedCalls).toHaveLength(0);
	});
});

describe('agents', () => {
	it('agent records carry their secret fields (so node tests can prove they never come out)', async () => {
		const answer = await api(sandbox(), 'GET', `/agents/${SANDBOX_IDS.ownAccountAgent}`, {
			key: key(),
		});
		const secrets = secretStringsOf(
			sandbox().state.agents[SANDBOX_IDS.ownAccountAgent].secretFields,
		);
		expect(secrets.length).toBeGreaterThan(15);
		for (const secret of secrets) expect(JSON.stringify(answer.body)).toContain(secret);
		expect(secrets).toContain(
			secretStringsOf(
				sandbox().state.agents[SANDBOX_IDS.ownAccountAgent].secretFields.gcloudPrivateKey,
			)[0],
		);
	});
});

describe('leads in bulk, lead groups and magic import: published shapes', () => {
	const published = useSandbox({ mode: 'published' });
	const agentPath = `/agents/${SANDBOX_IDS.ownAccountAgent}`;
	const publishedKey = () => published().keys.euWhiteLabel;

	it('bulk import answers exactly { success, count }: no lead IDs; strict keeps data.leadIds and adds count', async () => {
		const leads = [{ userName: 'A', userPhone: '+14155550101' }, { userEmail: 'b@example.com' }];
		const answer = await api(published(), 'POST', `${agentPath}/leads/bulk`, {
			key: publishedKey(),
			body: { leads },
		});
		expect([answer.status, answer.body]).toEqual([200, { success: true, count: 2 }]);
		const strict = await api(sandbox(), 'POST', `${agentPath}/leads/bulk`, {
			key: key(),
			body: { leads },
		});
		expect(strict.body).toEqual(
			expect.objectContaining({
				success: true,
				count: 2,
				data: expect.objectContaining({ leadIds: [expect.any(String), expect.any(String)] }),
			}),
		);
	});

	it('POST /groups with new lead objects stores them in the group, also into an existing group; with nothing new an existing group is a 409', async () => {
		const first = await api(published(), 'POST', `${agentPath}/groups`, {
			key: publishedKey(),
			body: { groupName: 'fair', leads: [{ userName: 'A', userPhone: '+14155550101' }] },
		});
		expect(first.body).toEqual({ success: true, leadCount: 1 });
		const more = await api(published(), 'POST', `${agentPath}/groups`, {
			key: publishedKey(),
			body: { groupName: 'fair', leads: [{ userName: 'B', userEmail: 'b@example.com' }] },
		});
		expect(more.body).toEqual({ success: true, leadCount: 2 });
		const again = await api(published(), 'POST', `${agentPath}/groups`, {
			key: publishedKey(),
			body: { groupName: 'fair' },
		});
		expect(again.status).toBe(409);
	});

	it("group delete answers { success, message, deletedCount } and deletes the group's leads", async () => {
		await api(published(), 'POST', `${agentPath}/groups`, {
			key: publishedKey(),
			body: { groupName: 'gone', leads: [{ userName: 'A' }, { userName: 'B' }] },
		});
		const answer = await api(published(), 'DELETE', `${agentPath}/leads/group`, {
			key: publishedKey(),
			query: { groupId: 'gone' },
		});
		expect(answer.body).toEqual({ success: true, message: expect.any(String), deletedCount: 2 });
		expect(
			Object.values(published().state.leads).filter((lead) => lead.groupName === 'gone'),
		).toHaveLength(0);
	});

	it('magic import reads one lead per line with an e-mail or phone, stores them in the group, answers { success, leadsAdded }; a missing rawText is the published 400', async () => {
		const answer = await api(published(), 'POST', `${agentPath}/magic-import-leads`, {
			key: publishedKey(),
			body: {
				rawText: 'Ann ann@example.com\nhello\nBen +1 415 555 0102',
				leadGroupId: 'txt',
				extra: 1,
			},
		});
		expect(answer.body).toEqual({
			success: true,
			leadsAdded: [
				expect.objectContaining({
					userName: 'Ann',
					userEmail: 'ann@example.com',
					groupName: 'txt',
				}),
				expect.objectContaining({ userName: 'Ben', userPhone: '+14155550102' }),
			],
		});
		const missing = await api(published(), 'POST', `${agentPath}/magic-import-leads`, {
			key: publishedKey(),
			body: {},
		});
		expect([missing.status, (missing.body as { message: string }).message]).toEqual([
			400,
			'Input validation failed',
		]);
	});
});
