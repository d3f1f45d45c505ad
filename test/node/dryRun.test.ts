/**
 * Options > Dry Run of every operation that has one, through n8n's engine against the sandbox:
 * from node version 6 on one shape, { dryRun, requests: [{ method, url, body }], ...added }, with
 * the full URL of the credential's region and the secrets redacted, and nothing sent; at version 5
 * the shape each operation had before (saved workflows read it).
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { DELETE_WORKSPACE_CONFIRMATION } from '../../nodes/Convocore/actions/workspace/delete.operation';
import { telcoField } from '../../nodes/shared/telco';
import { type Sandbox } from '../../sandbox';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
/** Made up: a secret each case sends, which no output may show. */
const SECRET = 'dry-run-secret-that-must-not-leak';
const own = SANDBOX_IDS.ownAccountAgent;
const rental = SANDBOX_IDS.rentalAgent;

interface Case {
	/** The parameters, Dry Run aside; `id` is what `setup` returned. */
	parameters: INodeParameters | ((id: string) => INodeParameters);
	input?: INodeExecutionData[];
	/** Made before the Dry Run (its requests are not the Dry Run's); returns an ID the case uses. */
	setup?: (sandbox: Sandbox) => Promise<string> | string;
	/** The requests version 6 shows for the first item; `base` is the credential's base URL. */
	requests: (base: string, id: string) => unknown[];
	/** What the operation adds to the first item's output. */
	added?: (id: string) => IDataObject;
	/** The first item's output at version 5, as before. */
	v5: (base: string, id: string) => unknown;
	/** Requests the Dry Run itself may send: reads, and SMS's own dry run (Convocore sends nothing). */
	allowed?: Array<{ method: string; path: string | RegExp }>;
}

async function createCampaign(): Promise<string> {
	const result = await runConvocore(
		{
			resource: 'campaign',
			operation: 'create',
			agentId: byId(own),
			name: 'Recall',
			leadGroupName: byId('new-patients'),
			delayBetweenEachCall: 10,
			concurrentSlots: 2,
		},
		{ credential: sandboxCredential(sandbox.current), typeVersion: 6 },
	);
	return result.items()[0].json.id as string;
}

const agentCreate = {
	title: 'Zed',
	promptFields: { vg_systemPrompt: 'Answer in one sentence.' },
	telephonySmsFields: { [telcoField('SmsAuthToken')]: SECRET },
};
const redactedAgent = { title: 'Zed', [telcoField('SmsAuthToken')]: '[redacted]' };
const update = { vg_systemPrompt: 'Answer in one sentence.' };
const toolBody = {
	tool: expect.objectContaining({ name: 'check_hours', serverUrlSecret: '[redacted]' }),
};
const campaigns = `/agents/${own}/campaigns`;
const interact = {
	agentId: rental,
	convoId: 'c-dry',
	bucket: 'voiceglow-eu',
	prompt: 'Hi',
	lightConvoData: { origin: 'web-chat' },
	disableUiEngine: true,
	disableRecordHistory: false,
	isTest: false,
};
/** The interact socket sits at the host's root, whatever the region's API path. */
const socketUrl = (base: string) => `ws://${new URL(base).host}/interact`;
const smsBody = {
	agentId: own,
	to: SANDBOX_IDS.aiChattingRecipient,
	message: 'Hello',
	mode: 'direct',
	options: {
		dryRun: true,
		agentOptions: { serverData: { [telcoField('AuthToken')]: '[redacted]' } },
	},
};

const CASES: Record<string, Case> = {
	'Agent > Create (two requests)': {
		parameters: { resource: 'agent', operation: 'create', ...agentCreate },
		requests: (base) => [
			{ method: 'POST', url: `${base}/agents`, body: { agent: redactedAgent } },
			{ method: 'PATCH', url: `${base}/agents/{new agent ID}`, body: { agent: update } },
		],
		v5: () => ({
			dryRun: true,
			method: 'POST',
			path: '/agents',
			body: { agent: redactedAgent },
			then: { method: 'PATCH', path: '/agents/{new agent ID}', body: { agent: update } },
		}),
	},
	'Agent > Update': {
		parameters: {
			resource: 'agent',
			operation: 'update',
			agentId: byId(rental),
			telephonySmsFields: { [telcoField('SmsAuthToken')]: SECRET },
		},
		requests: (base) => [
			{
				method: 'PATCH',
				url: `${base}/agents/${rental}`,
				body: { agent: { [telcoField('SmsAuthToken')]: '[redacted]' } },
			},
		],
		v5: () => ({
			dryRun: true,
			method: 'PATCH',
			path: `/agents/${rental}`,
			body: { agent: { [telcoField('SmsAuthToken')]: '[redacted]' } },
		}),
	},
	'Agent > Send Message': {
		parameters: {
			resource: 'agent',
			operation: 'sendMessage',
			agentId: byId(rental),
			message: 'Hi',
			conversationId: 'c-dry',
		},
		requests: (base) => [{ method: 'GET', url: socketUrl(base), body: interact }],
		v5: (base) => ({ dryRun: true, url: socketUrl(base), interact }),
	},
	'Call > Start': {
		parameters: {
			resource: 'call',
			operation: 'start',
			agentId: byId(own),
			to: '+4917611122233',
			options: { serverData: JSON.stringify({ [telcoField('AuthToken')]: SECRET }) },
		},
		requests: (base) => [
			{
				method: 'POST',
				url: `${base}/calls`,
				body: {
					agentId: own,
					to: '+4917611122233',
					options: { serverData: { [telcoField('AuthToken')]: '[redacted]' } },
				},
			},
		],
		v5: (base) => ({ dryRun: true, request: CASES['Call > Start'].requests(base, '')[0] }),
	},
	'Campaign > Start': {
		parameters: (id) => ({
			resource: 'campaign',
			operation: 'start',
			agentId: byId(own),
			campaignId: byId(id),
		}),
		setup: createCampaign,
		requests: (base, id) => [
			{
				method: 'PATCH',
				url: `${base}${campaigns}/${id}`,
				body: { ownerId: SANDBOX_IDS.euWorkspace },
			},
		],
		added: (id) => ({ action: 'started', campaignId: id, enabled: false }),
		v5: (base, id) => ({
			dryRun: true,
			action: 'started',
			campaignId: id,
			enabled: false,
			request: CASES['Campaign > Start'].requests(base, id)[0],
		}),
		allowed: [{ method: 'GET', path: /./ }],
	},
	'Campaign > Pause (already paused: nothing to send)': {
		parameters: (id) => ({
			resource: 'campaign',
			operation: 'pause',
			agentId: byId(own),
			campaignId: byId(id),
		}),
		setup: createCampaign,
		requests: () => [],
		added: (id) => ({
			action: 'alreadyPaused',
			campaignId: id,
			enabled: false,
			campaign: expect.objectContaining({ id }),
		}),
		v5: (_base, id) => ({
			action: 'alreadyPaused',
			campaignId: id,
			enabled: false,
			dryRun: true,
			request: null,
			campaign: expect.objectContaining({ id }),
		}),
		allowed: [{ method: 'GET', path: /./ }],
	},
	'Campaign > Restart': {
		parameters: (id) => ({
			resource: 'campaign',
			operation: 'restart',
			agentId: byId(own),
			campaignId: byId(id),
			workspaceOwnerEmail: 'owner@acme.example',
			resetConversations: true,
		}),
		setup: createCampaign,
		requests: (base, id) => [
			{
				method: 'PATCH',
				url: `${base}${campaigns}/${id}/restart`,
				body: { workspaceOwnerEmail: 'owner@acme.example', resetConversations: true },
			},
		],
		added: (id) => ({ campaignId: id }),
		v5: (base, id) => ({
			dryRun: true,
			campaignId: id,
			request: CASES['Campaign > Restart'].requests(base, id)[0],
		}),
	},
	'Conversation > Create': {
		parameters: {
			resource: 'conversation',
			operation: 'create',
			agentId: byId(own),
			startedAt: '2026-11-01T09:30:00.000Z',
			additionalFields: { ID: 'thread-4711' },
		},
		requests: (base) => [
			{
				method: 'POST',
				url: `${base}/agents/${own}/convos`,
				body: { conversation: expect.objectContaining({ ID: 'thread-4711' }) },
			},
		],
		v5: (base) => ({
			dryRun: true,
			request: CASES['Conversation > Create'].requests(base, '')[0],
		}),
	},
	'Lead > Delete All': {
		parameters: {
			resource: 'lead',
			operation: 'deleteAll',
			agentId: byId(own),
			confirmation: 'DELETE ALL LEADS',
		},
		requests: (base) => [{ method: 'DELETE', url: `${base}/agents/${own}/leads/all` }],
		v5: (base) => ({ dryRun: true, request: CASES['Lead > Delete All'].requests(base, '')[0] }),
	},
	'Lead > Import (one batch of two, shown on its first item)': {
		parameters: {
			resource: 'lead',
			operation: 'import',
			agentId: byId(own),
			phone: '={{ $json.phone }}',
			options: { groupName: 'recall' },
		},
		input: [{ json: { phone: '+4917600000001' } }, { json: { phone: '+4917600000002' } }],
		requests: (base) => [
			{
				method: 'POST',
				url: `${base}/agents/${own}/groups`,
				body: { groupName: 'recall', leads: [expect.any(Object), expect.any(Object)] },
			},
		],
		added: () => ({ batch: 1, batchItems: '0-1', lead: expect.any(Object) }),
		v5: (base) => ({
			dryRun: true,
			batch: 1,
			batchItems: '0-1',
			lead: expect.any(Object),
			requests: CASES['Lead > Import (one batch of two, shown on its first item)'].requests(
				base,
				'',
			),
		}),
	},
	'Lead > Import From Text': {
		parameters: {
			resource: 'lead',
			operation: 'importFromText',
			agentId: byId(own),
			rawText: 'Ada, ada@example.com',
		},
		requests: (base) => [
			{
				method: 'POST',
				url: `${base}/agents/${own}/magic-import-leads`,
				body: { rawText: 'Ada, ada@example.com' },
			},
		],
		v5: (base) => ({
			dryRun: true,
			request: CASES['Lead > Import From Text'].requests(base, '')[0],
		}),
	},
	'SMS > Send (Convocore dry-runs it, sending no SMS)': {
		parameters: {
			resource: 'sms',
			operation: 'send',
			agentId: byId(own),
			to: SANDBOX_IDS.aiChattingRecipient,
			mode: 'direct',
			message: 'Hello',
			options: {
				agentOptions: JSON.stringify({ serverData: { [telcoField('AuthToken')]: SECRET } }),
			},
		},
		requests: (base) => [{ method: 'POST', url: `${base}/sms`, body: smsBody }],
		// Convocore's send plan, as it answers it.
		added: () => ({
			success: true,
			status: 'dry_run',
			agentId: own,
			to: SANDBOX_IDS.aiChattingRecipient,
			from: SANDBOX_IDS.ownAccountPrimaryNumber,
			convoId: SANDBOX_IDS.aiChattingConvoId,
			mode: 'direct',
			senderMode: 'own_account',
			messageCount: 1,
			mediaCount: 0,
			messagesPreview: ['Hello'],
		}),
		v5: () =>
			expect.objectContaining({
				success: true,
				dryRun: true,
				from: SANDBOX_IDS.ownAccountPrimaryNumber,
				mode: 'direct',
			}),
		allowed: [{ method: 'POST', path: '/sms' }],
	},
	'Tool > Create': {
		parameters: {
			resource: 'tool',
			operation: 'create',
			agentId: byId(rental),
			toolName: 'check_hours',
			toolDescription: 'Check the opening hours',
			serverUrl: 'https://n8n.example.com/webhook/hours',
			additionalFields: { serverUrlSecret: SECRET },
		},
		requests: (base) => [{ method: 'POST', url: `${base}/agents/${rental}/tools`, body: toolBody }],
		v5: (base) => ({ dryRun: true, request: CASES['Tool > Create'].requests(base, '')[0] }),
	},
	'Tool > Update (name and description read first)': {
		parameters: {
			resource: 'tool',
			operation: 'update',
			agentId: byId(rental),
			toolId: byId('tool-9'),
			updateFields: { serverUrlSecret: SECRET },
		},
		requests: (base) => [
			{
				method: 'PATCH',
				url: `${base}/tools/tool-9`,
				body: { tool: { serverUrlSecret: '[redacted]' } },
			},
		],
		added: () => ({
			readFirst: 'GET /tools/tool-9: name and description sent as the tool has them now',
		}),
		v5: (base) => ({
			dryRun: true,
			request: CASES['Tool > Update (name and description read first)'].requests(base, '')[0],
			readFirst: 'GET /tools/tool-9: name and description sent as the tool has them now',
		}),
	},
	'Tool > Delete': {
		parameters: {
			resource: 'tool',
			operation: 'delete',
			agentId: byId(rental),
			toolId: byId('tool-9'),
		},
		requests: (base) => [{ method: 'DELETE', url: `${base}/tools/tool-9` }],
		added: () => ({ toolId: 'tool-9' }),
		v5: (base) => ({
			dryRun: true,
			request: { method: 'DELETE', url: `${base}/tools/tool-9` },
			toolId: 'tool-9',
		}),
	},
	'Variable > Create (Is Env: its value redacted)': {
		parameters: {
			resource: 'variable',
			operation: 'create',
			agentId: byId(own),
			key: 'api_base',
			stringValue: SECRET,
			additionalFields: { isEnv: true },
		},
		requests: (base) => [
			{
				method: 'POST',
				url: `${base}/agents/${own}/variables`,
				body: { variable: expect.objectContaining({ key: 'api_base', value: '[redacted]' }) },
			},
		],
		v5: (base) => ({
			dryRun: true,
			request: CASES['Variable > Create (Is Env: its value redacted)'].requests(base, '')[0],
		}),
	},
	'Variable > Update (may be Is Env: its value redacted)': {
		parameters: {
			resource: 'variable',
			operation: 'update',
			agentId: byId(own),
			variableId: byId('var-1'),
			valueType: 'string',
			stringValue: SECRET,
		},
		requests: (base) => [
			{
				method: 'PATCH',
				url: `${base}/variables/var-1`,
				body: { variable: expect.objectContaining({ value: '[redacted]' }) },
			},
		],
		v5: (base) => ({
			dryRun: true,
			request: CASES['Variable > Update (may be Is Env: its value redacted)'].requests(base, '')[0],
		}),
	},
	'Variable > Delete': {
		parameters: {
			resource: 'variable',
			operation: 'delete',
			agentId: byId(own),
			variableId: byId('var-1'),
		},
		requests: (base) => [{ method: 'DELETE', url: `${base}/variables/var-1` }],
		added: () => ({ variableId: 'var-1' }),
		v5: (base) => ({
			dryRun: true,
			request: CASES['Variable > Delete'].requests(base, '')[0],
			variableId: 'var-1',
		}),
	},
	'Workspace > Delete': {
		parameters: {
			resource: 'workspace',
			operation: 'delete',
			workspaceId: byId('ws-client'),
			confirmation: DELETE_WORKSPACE_CONFIRMATION,
		},
		requests: (base) => [{ method: 'DELETE', url: `${base}/workspaces/ws-client` }],
		added: () => ({ workspaceId: 'ws-client' }),
		v5: (base) => ({
			dryRun: true,
			workspaceId: 'ws-client',
			request: { method: 'DELETE', url: `${base}/workspaces/ws-client` },
		}),
	},
};

async function dryRun(name: string, typeVersion: number) {
	const entry = CASES[name];
	const id = entry.setup ? await entry.setup(sandbox.current) : '';
	const before = sandbox.current.requests().length;
	const parameters =
		typeof entry.parameters === 'function' ? entry.parameters(id) : entry.parameters;
	const options = { ...((parameters.options as IDataObject | undefined) ?? {}), dryRun: true };
	const result = await runConvocore(
		{ ...parameters, options },
		{ credential: sandboxCredential(sandbox.current), typeVersion, input: entry.input },
	);
	const sent = sandbox.current
		.requests()
		.slice(before)
		.filter(
			(request) =>
				!(entry.allowed ?? []).some(
					({ method, path }) =>
						request.method === method &&
						(typeof path === 'string' ? request.path === path : path.test(request.path)),
				),
		);
	return { entry, id, items: result.items(), sent, base: sandbox.current.baseUrl('eu') };
}

describe('Dry Run, node version 6: one shape for every operation', () => {
	it.each(Object.keys(CASES))('%s', async (name) => {
		const { entry, id, items, sent, base } = await dryRun(name, 6);
		expect(items[0].json).toEqual({
			dryRun: true,
			requests: entry.requests(base, id),
			...(entry.added?.(id) ?? {}),
		});
		expect(JSON.stringify(items)).not.toContain(SECRET);
		expect(sent).toEqual([]);
		expect(sandbox.current.sentSms).toHaveLength(0);
		expect(sandbox.current.placedCalls).toHaveLength(0);
	});

	it("Lead > Import: a batch's other items name their batch and send no request of their own", async () => {
		const { items } = await dryRun('Lead > Import (one batch of two, shown on its first item)', 6);
		expect(items[1].json).toEqual({
			dryRun: true,
			requests: [],
			batch: 1,
			batchItems: '0-1',
			lead: expect.any(Object),
		});
	});

	it("uses the credential's region: a NA key's Dry Run shows the NA base URL", async () => {
		const result = await runConvocore(
			{
				...CASES['Lead > Delete All'].parameters,
				agentId: byId(SANDBOX_IDS.naAgent),
				options: { dryRun: true },
			},
			{
				credential: sandboxCredential(sandbox.current, sandbox.current.keys.naWhiteLabel, 'na'),
				typeVersion: 6,
			},
		);
		expect(result.items()[0].json.requests).toEqual([
			{
				method: 'DELETE',
				url: `${sandbox.current.baseUrl('na')}/agents/${SANDBOX_IDS.naAgent}/leads/all`,
			},
		]);
	});
});

describe('Dry Run, node version 5: the shape each operation had', () => {
	it.each(Object.keys(CASES))('%s', async (name) => {
		const { entry, id, items, sent, base } = await dryRun(name, 5);
		expect(items[0].json).toEqual(entry.v5(base, id));
		// Lead > Import's first item already had the one shape; SMS > Send answered Convocore's plan alone.
		const others = items.slice(1).map((item) => item.json);
		if (name.startsWith('SMS')) expect(items[0].json).not.toHaveProperty('requests');
		for (const other of others) expect(other).not.toHaveProperty('requests');
		expect(JSON.stringify(items)).not.toContain(SECRET);
		expect(sent).toEqual([]);
	});
});
