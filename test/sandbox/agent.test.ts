/* eslint-disable @typescript-eslint/no-explicit-any -- the sandbox's JSON answers are read loosely, as a client reads them */
/**
 * The sandbox's agent lifecycle over real HTTP: create, update, delete, export and import of
 * templates, and the search. Bodies are checked with the node's own contract; every change shows
 * in GET /agents, GET /agents/{id} and the search.
 */
import { telcoField } from '../../nodes/shared/telco';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { secretStringsOf } from '../../sandbox/seed/crm';
import * as published from '../../nodes/shared/contracts/agentPublishedFields';
import { canvasNodes } from '../../sandbox/seed/mcpAgents';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();
const publishedSandbox = useSandbox({ mode: 'published' });
const key = () => sandbox().keys.euWhiteLabel;
const titles = async () =>
	(await api(sandbox(), 'GET', '/agents', { key: key() })).body.data.map(
		(agent: any) => agent.title,
	);

describe('POST /agents', () => {
	it('creates an agent with the fields given; it is listed, readable and found by the search', async () => {
		const answer = await api(sandbox(), 'POST', '/agents', {
			key: key(),
			body: {
				agent: {
					title: 'Zed the Concierge',
					lang: 'de',
					messagesLimit: 40,
					gdprCompliance: true,
					buttonsLayout: 'vertical',
					messageAggregationSeconds: 8,
				},
			},
		});
		expect(answer.status).toBe(200);
		const id = answer.body.data.ID;
		expect(answer.body.data).toEqual(
			expect.objectContaining({
				title: 'Zed the Concierge',
				lang: 'de',
				messagesLimit: 40,
				gdprCompliance: true,
				buttonsLayout: 'vertical',
				messageAggregationSeconds: 8,
			}),
		);
		expect(await titles()).toContain('Zed the Concierge');
		expect((await api(sandbox(), 'GET', `/agents/${id}`, { key: key() })).body.data.lang).toBe(
			'de',
		);
		const search = await api(sandbox(), 'GET', '/agents/search', {
			key: key(),
			query: { workspaceId: SANDBOX_IDS.euWorkspace, search: 'concierge' },
		});
		expect(search.body).toEqual(
			expect.objectContaining({ total: 1, page: 1, limit: 50, hasMore: false }),
		);
		expect(search.body.agents.map((agent: any) => agent.ID)).toEqual([id]);
	});

	it.each([
		[
			'an unknown field',
			{ agent: { title: 'X', colour: 'red' } },
			/unknown field in agent: colour/,
		],
		[
			'a wrong type',
			{ agent: { title: 'X', messagesLimit: 'many' } },
			/messagesLimit: must be a number/,
		],
		[
			'a value outside a closed list',
			{ agent: { title: 'X', buttonVariant: 'neon' } },
			/buttonVariant: must be one of custom, solid/,
		],
		// Update-only (the OpenAPI's create schema lacks it): loud here, dropped in published mode.
		[
			'an update-only field',
			{ agent: { title: 'X', vg_prompt: 'Hi' } },
			/unknown field in agent: vg_prompt/,
		],
		['no title', { agent: { lang: 'en' } }, /title: is required/],
		['no agent', { title: 'X' }, /agent: Required; unknown field: title/],
	])('refuses %s with 400 and the issues', async (_case, body, message) => {
		const answer = await api(sandbox(), 'POST', '/agents', { key: key(), body });
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({
			message: expect.stringMatching(message),
			code: 'VALIDATION_ERROR',
			issues: expect.any(Array),
		});
		expect(await titles()).toHaveLength(3);
	});

	it('needs a workspace secret', async () => {
		const answer = await api(sandbox(), 'POST', '/agents', {
			key: sandbox().keys.euAgentSecret,
			body: { agent: { title: 'X' } },
		});
		expect(answer.status).toBe(403);
	});
});

describe('PATCH /agents/{id}', () => {
	it('changes only the fields sent; the title shows in the listing', async () => {
		const path = `/agents/${SANDBOX_IDS.rentalAgent}`;
		const answer = await api(sandbox(), 'PATCH', path, {
			key: key(),
			body: { agent: { title: 'Remy 2', [telcoField('SmsMode')]: 'rental' } },
		});
		expect(answer.status).toBe(200);
		const agent = (await api(sandbox(), 'GET', path, { key: key() })).body.data;
		expect(agent).toEqual(
			expect.objectContaining({
				title: 'Remy 2',
				[telcoField('SmsMode')]: 'rental',
				theme: 'light',
				enableNodes: true,
			}),
		);
		expect(await titles()).toContain('Remy 2');
	});

	it('refuses an unknown field and an empty change; an agent of another workspace is not found', async () => {
		const path = `/agents/${SANDBOX_IDS.rentalAgent}`;
		expect(
			(await api(sandbox(), 'PATCH', path, { key: key(), body: { agent: { colour: 'x' } } })).body
				.message,
		).toMatch(/^Invalid agent update: unknown field in agent: colour \(not accepted by the API\)$/);
		expect(
			(await api(sandbox(), 'PATCH', path, { key: key(), body: { agent: {} } })).body.message,
		).toMatch(/set at least one field/);
		expect(
			(
				await api(sandbox(), 'PATCH', `/agents/${SANDBOX_IDS.naAgent}`, {
					key: key(),
					body: { agent: { lang: 'en' } },
				})
			).status,
		).toBe(404);
	});
});

describe('DELETE /agents/{id}', () => {
	it('removes the agent from the listing and GET, and unassigns its numbers', async () => {
		const path = `/agents/${SANDBOX_IDS.rentalAgent}`;
		const answer = await api(sandbox(), 'DELETE', path, { key: key() });
		expect(answer).toEqual(
			expect.objectContaining({
				status: 200,
				body: { success: true, message: expect.any(String) },
			}),
		);
		expect(await titles()).not.toContain('Remy the Reminder Bot');
		expect((await api(sandbox(), 'GET', path, { key: key() })).status).toBe(404);
		expect(sandbox().state.numbers[SANDBOX_IDS.rentalNumber].agentId).toBeUndefined();
		expect((await api(sandbox(), 'DELETE', path, { key: key() })).status).toBe(404);
	});
});

describe('export and import of templates', () => {
	it('exports { agentTemplate } with the workspace, and imports it as a new agent under a new name', async () => {
		const exported = await api(
			sandbox(),
			'GET',
			`/agents/${SANDBOX_IDS.ownAccountAgent}/export-template`,
			{ key: key() },
		);
		expect(exported.status).toBe(200);
		const { agentTemplate } = exported.body;
		expect(Object.keys(exported.body)).toEqual(['agentTemplate']);
		expect(agentTemplate).toEqual(
			expect.objectContaining({
				name: 'Ava from Acme Dental',
				workspaceId: SANDBOX_IDS.euWorkspace,
				nodes: expect.any(Array),
				tools: expect.any(Array),
				variables: [],
			}),
		);
		// The sandbox assumes the worst: agentData carries the secret fields (the node must redact them).
		expect(JSON.stringify(agentTemplate.agentData)).toContain(
			secretStringsOf(sandbox().state.agents[SANDBOX_IDS.ownAccountAgent].secretFields)[0],
		);

		const imported = await api(sandbox(), 'POST', '/agents/import-template', {
			key: key(),
			body: {
				agentTemplate,
				agentName: 'Ava for Smile Clinic',
				fromAgentId: SANDBOX_IDS.ownAccountAgent,
			},
		});
		expect(imported.status).toBe(200);
		expect(imported.body.data).toEqual(
			expect.objectContaining({ title: 'Ava for Smile Clinic', ownerID: SANDBOX_IDS.euWorkspace }),
		);
		expect(imported.body.data.ID).not.toBe(SANDBOX_IDS.ownAccountAgent);
		expect(await titles()).toContain('Ava for Smile Clinic');
		// The copy answers to no key of its source: its SECRET_API_KEY is not carried over.
		const sourceKey =
			sandbox().state.agents[SANDBOX_IDS.ownAccountAgent].secretFields.SECRET_API_KEY;
		expect(agentTemplate.agentData.SECRET_API_KEY).toBe(sourceKey);
		expect(imported.body.data).not.toHaveProperty('SECRET_API_KEY');
		expect(JSON.stringify(sandbox().state.agents[imported.body.data.ID])).not.toContain(
			String(sourceKey),
		);
	});

	it.each([
		[
			'no workspaceId',
			{ agentTemplate: { name: 'X' } },
			400,
			/agentTemplate\.workspaceId: is required/,
		],
		[
			'an unknown top-level key',
			{ agentTemplate: { workspaceId: SANDBOX_IDS.euWorkspace }, colour: 'red' },
			400,
			/unknown field: colour/,
		],
		[
			'another workspace',
			{ agentTemplate: { workspaceId: SANDBOX_IDS.naWorkspace } },
			403,
			/cannot import into workspace/,
		],
		[
			'an unknown source agent',
			{ agentTemplate: { workspaceId: SANDBOX_IDS.euWorkspace }, fromAgentId: 'agent-nope' },
			404,
			/agent-nope/,
		],
	])('refuses a template import with %s', async (_case, body, status, message) => {
		const answer = await api(sandbox(), 'POST', '/agents/import-template', { key: key(), body });
		expect(answer.status).toBe(status);
		expect(answer.body.message).toMatch(message);
		expect(await titles()).toHaveLength(3);
	});
});

/** A value of the right type for each field the OpenAPI documents, by the contract's lists. */
function sampleAgent(fields: readonly string[]): Record<string, unknown> {
	const kinds: Array<[readonly string[], (field: string) => unknown]> = [
		[
			[...published.PUBLISHED_CREATE_TEXT_FIELDS, ...published.PUBLISHED_UPDATE_ONLY_TEXT_FIELDS],
			(field) => `${field} value`,
		],
		[
			[
				...published.PUBLISHED_CREATE_NUMBER_FIELDS,
				...published.PUBLISHED_UPDATE_ONLY_NUMBER_FIELDS,
			],
			() => 7,
		],
		[
			[
				...published.PUBLISHED_CREATE_BOOLEAN_FIELDS,
				...published.PUBLISHED_UPDATE_ONLY_BOOLEAN_FIELDS,
			],
			() => true,
		],
		[
			[
				...published.PUBLISHED_CREATE_OBJECT_FIELDS,
				...published.PUBLISHED_UPDATE_ONLY_OBJECT_FIELDS,
			],
			(field) => ({ note: field }),
		],
		[
			[...published.PUBLISHED_CREATE_LIST_FIELDS, ...published.PUBLISHED_UPDATE_ONLY_LIST_FIELDS],
			// A node needs the published node shape (sandbox/seed/mcpAgents.ts).
			(field) => (field === 'nodes' ? canvasNodes().slice(0, 1) : [{ id: field }]),
		],
		[published.PUBLISHED_UPDATE_ONLY_TEXT_LIST_FIELDS, (field) => [field]],
		[published.PUBLISHED_UPDATE_ONLY_UNTYPED_FIELDS, (field) => ({ any: field })],
	];
	const enums: Record<string, readonly string[]> = {
		...published.PUBLISHED_ENUM_FIELDS,
		...published.PUBLISHED_UPDATE_ONLY_ENUM_FIELDS,
	};
	// The closed published objects take only their published keys; the model one of the 61 names.
	const closed: Record<string, unknown> = {
		vg_defaultModel: 'gpt-4o',
		vg_kb_llm: { searchMethod: 'simple', temprature: 0.1 },
		advanced: { serverUrl: 'https://example.com/agent' },
		vgOptions: { showSources: true },
		instagramOptions: { pageId: 'page-1' },
		flowise: { webhookUrl: 'https://example.com/flowise' },
		vfSettings: { enableIgnoreUrlPaths: true },
		vfConfig: { alwaysEnableCardButtons: true },
		discord: { channelIds: ['c-1'] },
		internal: { websocketServer: 'edge' },
		vapiConfig: { maxMinutesMonthly: 60 },
	};
	return Object.fromEntries(
		fields.map((field) => {
			if (field in closed) return [field, closed[field]];
			if (enums[field]) return [field, enums[field][1]];
			const kind = kinds.find(([list]) => list.includes(field));
			if (!kind) throw new Error(`no type for ${field}`);
			return [field, kind[1](field)];
		}),
	);
}

describe.each(['strict', 'published'] as const)(
	'the fields the OpenAPI documents (%s mode)',
	(mode) => {
		const server = mode === 'strict' ? sandbox : publishedSandbox;
		const identity = new Set(['ID', 'id', 'ownerID', 'createdAtUNIX', 'lastModified']);
		const stored = (agentId: string) => {
			const agent = server().state.agents[agentId];
			return { ...agent.fields, title: agent.title };
		};

		it('POST /agents takes and stores each of the 69 fields of the create schema', async () => {
			expect(published.PUBLISHED_CREATE_FIELDS).toHaveLength(69);
			const agent: Record<string, unknown> = {
				...sampleAgent(published.PUBLISHED_CREATE_FIELDS),
				title: 'Every Field',
			};
			const answer = await api(server(), 'POST', '/agents', {
				key: server().keys.euWhiteLabel,
				body: { agent },
			});
			expect(answer.status).toBe(200);
			expect(stored(answer.body.data.ID)).toEqual(expect.objectContaining(agent));
		});

		it('PATCH /agents/{id} takes and stores each of the 147 fields of the update schema', async () => {
			expect(published.PUBLISHED_UPDATE_FIELDS).toHaveLength(147);
			const agent = sampleAgent(
				published.PUBLISHED_UPDATE_FIELDS.filter((field) => !identity.has(field)),
			);
			const answer = await api(server(), 'PATCH', `/agents/${SANDBOX_IDS.rentalAgent}`, {
				key: server().keys.euWhiteLabel,
				body: { agent },
			});
			expect(answer.status).toBe(200);
			expect(stored(SANDBOX_IDS.rentalAgent)).toEqual(
				expect.objectContaining({ ...agent, title: 'title value' }),
			);
			expect(answer.body.data).toEqual(
				expect.objectContaining({
					vg_defaultModel: 'gpt-4o',
					vg_temperature: 7,
					vg_maxTokens: 7,
					vg_enableUIEngine: true,
				}),
			);
		});
	},
);

describe('published mode: what the create schema lacks', () => {
	it('POST /agents drops the update-only fields without an error, as Convocore does, and keeps the rest', async () => {
		const updateOnly = {
			vg_prompt: 'Hi',
			starred: true,
			convoTags: ['vip'],
			enableNodes: false,
			vg_temperature: 0.2,
		};
		const answer = await api(publishedSandbox(), 'POST', '/agents', {
			key: publishedSandbox().keys.euWhiteLabel,
			body: { agent: { title: 'Half Kept', lang: 'fr', ...updateOnly } },
		});
		expect(answer.status).toBe(200);
		const agent = publishedSandbox().state.agents[answer.body.data.ID];
		expect(agent.fields).toEqual(expect.objectContaining({ lang: 'fr' }));
		for (const field of Object.keys(updateOnly)) expect(agent.fields).not.toHaveProperty(field);
	});
});

describe('GET /agents/search', () => {
	it('pages, sorts and needs the workspace of the secret', async () => {
		const search = (query: Record<string, string | number>) =>
			api(sandbox(), 'GET', '/agents/search', {
				key: key(),
				query: { workspaceId: SANDBOX_IDS.euWorkspace, ...query },
			});
		const first = await search({ sortBy: 'alphabetical', limit: 2 });
		expect(first.body.agents.map((agent: any) => agent.title)).toEqual([
			'Ava from Acme Dental',
			'Nora (web chat only)',
		]);
		expect(first.body).toEqual(expect.objectContaining({ total: 3, hasMore: true }));
		expect((await search({ sortBy: 'alphabetical', limit: 2, page: 2 })).body.hasMore).toBe(false);
		expect((await search({ limit: 500 })).status).toBe(400);
		expect(
			(
				await api(sandbox(), 'GET', '/agents/search', {
					key: key(),
					query: { workspaceId: SANDBOX_IDS.naWorkspace },
				})
			).status,
		).toBe(403);
	});
});
