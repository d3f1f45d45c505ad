/**
 * Agent > Get, Get Many and Get Phone Numbers, and the agent picker, through n8n's engine
 * against the sandbox over real HTTP. Seeded agents carry every secret field the spec lists:
 * none of them may come out, in any operation, mode or picker.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { searchAgents } from '../../nodes/Convocore/methods/agents';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { secretStringsOf } from '../../sandbox/seed/crm';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { loadOptionsContext } from '../harness/loadOptions';

const sandbox = useSandbox();

async function agentOp(parameters: INodeParameters, key?: string) {
	return await runConvocore(
		{ resource: 'agent', ...parameters },
		{ credential: sandboxCredential(sandbox.current, key), typeVersion: 2 },
	);
}

/** Every secret value of every seeded agent. */
function allSecrets(): string[] {
	const secrets = Object.values(sandbox.current.state.agents).flatMap((agent) =>
		secretStringsOf(agent.secretFields),
	);
	expect(secrets.length).toBeGreaterThan(7 * 15);
	return secrets;
}

function expectNoSecret(output: unknown): void {
	const text = JSON.stringify(output);
	for (const secret of allSecrets()) expect(text).not.toContain(secret);
}

const byId = (agentId: string) => ({ __rl: true, mode: 'id', value: agentId });

describe('Agent > Get Many', () => {
	it("lists the workspace's agents, simplified, secrets absent", async () => {
		const items = (await agentOp({ operation: 'getAll', returnAll: true })).items();
		expect(items.map((item) => item.json.ID)).toEqual([
			SANDBOX_IDS.ownAccountAgent,
			SANDBOX_IDS.noSmsAgent,
			SANDBOX_IDS.rentalAgent,
		]);
		expect(Object.keys(items[0].json).sort()).toEqual(
			[
				'ID',
				'id',
				'title',
				'description',
				'theme',
				'ownerID',
				'agentPlatform',
				'disabled',
				'isDeployed',
				'enableNodes',
				'createdAtUNIX',
				'lastModified',
			].sort(),
		);
		expectNoSecret(items);
		expect(sandbox.current.requests().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /agents']);
	});

	it('Simplify off gives the full record with every secret field redacted', async () => {
		const items: INodeExecutionData[] = (
			await agentOp({ operation: 'getAll', returnAll: true, simplify: false })
		).items();
		expectNoSecret(items);
		const ava = items[0].json as {
			vg_initPrompt: unknown;
			SECRET_API_KEY: unknown;
			voiceConfig: { transcriber: unknown };
			nodes: Array<{ llmConfig: unknown }>;
			tools: unknown[];
		};
		expect(ava.vg_initPrompt).toEqual(expect.any(String));
		expect(ava.SECRET_API_KEY).toBe('[redacted]');
		expect(ava.voiceConfig.transcriber).toEqual({ provider: 'deepgram', apiKey: '[redacted]' });
		expect(ava.nodes[0].llmConfig).toEqual({
			model: 'gpt-4o-mini',
			maxTokens: 512,
			apiKey: '[redacted]',
		});
		expect(ava.tools[0]).toEqual({
			name: 'book_appointment',
			serverUrl: 'https://acme-dental.example/api/book',
			serverUrlSecret: '[redacted]',
		});
	});

	it('Limit keeps the first agents', async () => {
		expect(
			(await agentOp({ operation: 'getAll', returnAll: false, limit: 2 })).items(),
		).toHaveLength(2);
	});
});

describe('Agent > Get', () => {
	it.each([true, false])('reads one agent (simplify %s) with no secret in it', async (simplify) => {
		const items = (
			await agentOp({ operation: 'get', agentId: byId(SANDBOX_IDS.ownAccountAgent), simplify })
		).items();
		expect(items).toHaveLength(1);
		expect(items[0].json.title).toBe('Ava from Acme Dental');
		expectNoSecret(items);
		expect(sandbox.current.requests()[0].path).toBe(`/agents/${SANDBOX_IDS.ownAccountAgent}`);
	});

	it('an agent of another workspace is not found, and the error holds no secret', async () => {
		const result = await agentOp({ operation: 'get', agentId: byId(SANDBOX_IDS.naAgent) });
		const error = result.error('Convocore');
		expect(error?.message).toMatch(/^Not found/);
		expectNoSecret({ message: error?.message, description: error?.description });
	});
});

describe('Agent > Get Phone Numbers', () => {
	it('outputs one item per number', async () => {
		const items = (
			await agentOp({ operation: 'getPhoneNumbers', agentId: byId(SANDBOX_IDS.ownAccountAgent) })
		).items();
		expect(items.map((item) => item.json.phoneNumber)).toEqual([
			SANDBOX_IDS.ownAccountPrimaryNumber,
			SANDBOX_IDS.ownAccountSecondNumber,
		]);
		expect(sandbox.current.requests()[0].path).toBe(`/agents/${SANDBOX_IDS.ownAccountAgent}/phone`);
	});

	it('an agent without numbers gives no items', async () => {
		expect(
			(
				await agentOp({ operation: 'getPhoneNumbers', agentId: byId(SANDBOX_IDS.noSmsAgent) })
			).items(),
		).toEqual([]);
	});
});

describe('Agent picker', () => {
	it('lists agents by title, searchable, with nothing but title and ID', async () => {
		const ctx = loadOptionsContext(sandbox.current, { resource: 'sms', operation: 'send' });
		const all = await searchAgents.call(ctx);
		expect(all.results).toEqual([
			{ name: 'Ava from Acme Dental', value: SANDBOX_IDS.ownAccountAgent },
			{ name: 'Nora (web chat only)', value: SANDBOX_IDS.noSmsAgent },
			{ name: 'Remy the Reminder Bot', value: SANDBOX_IDS.rentalAgent },
		]);
		expect((await searchAgents.call(ctx, 'remy')).results.map((r) => r.value)).toEqual([
			SANDBOX_IDS.rentalAgent,
		]);
		expect((await searchAgents.call(ctx, 'agent-no')).results.map((r) => r.value)).toEqual([
			SANDBOX_IDS.noSmsAgent,
		]);
		expectNoSecret(all);
	});

	it('with an agent secret, lists only that agent', async () => {
		const ctx = loadOptionsContext(
			sandbox.current,
			{ resource: 'sms', operation: 'send' },
			{ credential: sandboxCredential(sandbox.current, sandbox.current.keys.euAgentSecret) },
		);
		expect((await searchAgents.call(ctx)).results.map((r) => r.value)).toEqual([
			SANDBOX_IDS.ownAccountAgent,
		]);
	});
});
