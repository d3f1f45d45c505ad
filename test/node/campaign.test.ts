/**
 * Campaign > Create, Get, Get Many, Update, Delete, Start, Pause and Restart through n8n's engine
 * against the sandbox over real HTTP: exact bodies, progress in the output, Start and Pause that
 * read first and never undo a re-run, Dry Run, refusals with nothing sent, and the pickers.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { loadOptionsContext } from '../harness/loadOptions';
import { listSearch } from '../../nodes/Convocore/methods';

const sandbox = useSandbox();
const agent = { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent };
const campaignsPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/campaigns`;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

async function campaign(
	parameters: INodeParameters,
	continueOnFail = false,
	input = [{ json: {} }],
) {
	return await runConvocore(
		{ resource: 'campaign', agentId: agent, ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion: 3, continueOnFail, input },
	);
}

/** Creates the campaign used below (paused) on the seeded group new-patients; returns its ID. */
async function createCampaign(): Promise<string> {
	// Campaigns do not step during these tests: their runner is the sandbox test's subject.
	sandbox.current.state.campaignStepMs = 3_600_000;
	const result = await campaign({
		operation: 'create',
		name: 'Recall',
		leadGroupName: byId('new-patients'),
		delayBetweenEachCall: 10,
		concurrentSlots: 2,
	});
	const id = result.items()[0].json.id as string;
	return id;
}

describe('Campaign > Create', () => {
	it('sends the body the API specifies, typed metrics included, and outputs the campaign with its progress', async () => {
		const result = await campaign({
			operation: 'create',
			name: 'November recall',
			leadGroupName: byId('new-patients'),
			delayBetweenEachCall: 15,
			concurrentSlots: 3,
			metrics: {
				metric: [
					{ key: 'booked', description: 'Whether the lead booked', type: 'boolean' },
					{
						key: 'mood',
						description: 'How the lead sounded',
						type: 'enum',
						options: 'happy, neutral,upset',
					},
				],
			},
			additionalFields: { initialPrompt: 'Offer a check-up', postCallMetrics: 'sentiment_score' },
		});
		const [request] = sandbox.current.requests({ method: 'POST', path: campaignsPath });
		expect(request.body).toEqual({
			name: 'November recall',
			leadGroupName: 'new-patients',
			delayBetweenEachCall: 15,
			concurrentSlots: 3,
			initialPrompt: 'Offer a check-up',
			postCallMetrics: ['sentiment_score'],
			newlyCreatedMetrics: [
				{ key: 'booked', description: 'Whether the lead booked', type: 'boolean' },
				{
					key: 'mood',
					description: 'How the lead sounded',
					type: 'enum',
					options: ['happy', 'neutral', 'upset'],
				},
			],
		});
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({
				name: 'November recall',
				enabled: false,
				progress: { contacted: 0, successful: 0, ongoing: 0, missed: 0, total: 2 },
			}),
		);
	});

	it.each([
		[
			'an enum metric without options',
			{ metrics: { metric: [{ key: 'mood', description: 'Mood', type: 'enum' }] } },
			'Invalid campaign: newlyCreatedMetrics.0.options: an enum metric needs at least one option',
		],
		[
			'a metric key with a space',
			{ metrics: { metric: [{ key: 'my key', description: 'x', type: 'string' }] } },
			'Invalid campaign: newlyCreatedMetrics.0.key: must start with a letter and hold only letters, digits and _',
		],
		[
			'no lead group',
			{ leadGroupName: byId('={{ "" }}') },
			'Invalid campaign: leadGroupName: is required',
		],
		[
			'zero concurrent calls',
			{ concurrentSlots: 0 },
			'Invalid campaign: concurrentSlots: must be at least 1',
		],
	])('refuses %s before anything is sent', async (_what, parameters, message) => {
		const result = await campaign({
			operation: 'create',
			name: 'X',
			leadGroupName: byId('new-patients'),
			...parameters,
		} as INodeParameters);
		expect(result.error('Convocore')?.message).toBe(message);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Campaign > Get, Get Many, Update, Delete', () => {
	it('Get finds the campaign in the list (no single-campaign route) with its progress', async () => {
		const id = await createCampaign();
		Object.assign(sandbox.current.state.campaigns![id], {
			contactedLeads: 2,
			successfulCalls: 1,
			onGoingCalls: 0,
			missingCalls: 1,
		});
		const result = await campaign({ operation: 'get', campaignId: byId(id) });
		expect(
			sandbox.current.requests({ path: campaignsPath }).map((r) => [r.method, r.query]),
		).toEqual([
			['POST', {}],
			['GET', { page: '1', limit: '100' }],
		]);
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({
				id,
				progress: { contacted: 2, successful: 1, ongoing: 0, missed: 1, total: 2 },
			}),
		);
	});

	it('Get of a campaign that is not there says so', async () => {
		const result = await campaign({ operation: 'get', campaignId: byId('campaign-404') });
		expect(result.error('Convocore')?.message).toBe(
			`Not found: agent ${SANDBOX_IDS.ownAccountAgent} has no campaign campaign-404`,
		);
	});

	it('Get Many lists the campaigns with their progress', async () => {
		await createCampaign();
		await createCampaign();
		const result = await campaign({ operation: 'getAll', returnAll: true });
		expect(
			result.items().map((item) => [item.json.id, (item.json.progress as { total: number }).total]),
		).toEqual([
			['campaign-1', 2],
			['campaign-2', 2],
		]);
	});

	it('Update sends { campaignData } with the ID and the changed fields only', async () => {
		const id = await createCampaign();
		await campaign({
			operation: 'update',
			campaignId: byId(id),
			updateFields: { name: 'Renamed', concurrentSlots: 4 },
		});
		const [request] = sandbox.current.requests({ method: 'PATCH', path: campaignsPath });
		expect(request.body).toEqual({ campaignData: { id, name: 'Renamed', concurrentSlots: 4 } });
		expect(sandbox.current.state.campaigns![id]).toEqual(
			expect.objectContaining({ name: 'Renamed', concurrentSlots: 4 }),
		);
	});

	it('Update with nothing to change is refused before anything is sent', async () => {
		const result = await campaign({
			operation: 'update',
			campaignId: byId('campaign-1'),
			updateFields: {},
		});
		expect(result.error('Convocore')?.message).toBe(
			'Invalid campaign update: needs at least one field to change or a metric to add',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('Delete sends ?campaignId= and the campaign is gone', async () => {
		const id = await createCampaign();
		const result = await campaign({ operation: 'delete', campaignId: byId(id) });
		expect(sandbox.current.requests({ method: 'DELETE' })[0].query).toEqual({ campaignId: id });
		expect(result.items()[0].json).toEqual({ deleted: true, campaignId: id });
		expect(sandbox.current.state.campaigns![id]).toBeUndefined();
	});
});

describe('Campaign > Start and Pause', () => {
	const toggles = () =>
		sandbox.current.requests({ method: 'PATCH' }).filter((r) => /\/campaigns\/[^/]+$/.test(r.path));

	it('Start toggles a paused campaign once, with the agent owner; a re-run reads it running and sends nothing', async () => {
		const id = await createCampaign();
		const first = await campaign({ operation: 'start', campaignId: byId(id) });
		expect(first.items()[0].json).toEqual(
			expect.objectContaining({ action: 'started', campaignId: id, enabled: true }),
		);
		expect(toggles().map((r) => r.body)).toEqual([{ ownerId: SANDBOX_IDS.euWorkspace }]);
		const again = await campaign({ operation: 'start', campaignId: byId(id) });
		expect(again.items()[0].json).toEqual(
			expect.objectContaining({ action: 'alreadyRunning', enabled: true }),
		);
		expect(toggles()).toHaveLength(1);
		expect(sandbox.current.state.campaigns![id].enabled).toBe(true);
	});

	it('two items naming the same campaign start it once', async () => {
		const id = await createCampaign();
		const result = await campaign({ operation: 'start', campaignId: byId(id) }, false, [
			{ json: {} },
			{ json: {} },
		]);
		expect(result.items().map((item) => item.json.action)).toEqual(['started', 'alreadyRunning']);
		expect(toggles()).toHaveLength(1);
	});

	it('Pause toggles a running campaign once and does nothing to a paused one', async () => {
		const id = await createCampaign();
		const paused = await campaign({ operation: 'pause', campaignId: byId(id) });
		expect(paused.items()[0].json).toEqual(
			expect.objectContaining({ action: 'alreadyPaused', enabled: false }),
		);
		expect(toggles()).toHaveLength(0);
		sandbox.current.state.campaigns![id].enabled = true;
		const result = await campaign({
			operation: 'pause',
			campaignId: byId(id),
			options: { ownerId: SANDBOX_IDS.euWorkspace },
		});
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({ action: 'paused', enabled: false }),
		);
		expect(toggles()).toHaveLength(1);
		expect(sandbox.current.state.campaigns![id].enabled).toBe(false);
	});

	it('Start with Dry Run reads the campaign and returns the exact toggle request, sending none', async () => {
		const id = await createCampaign();
		const result = await campaign({
			operation: 'start',
			campaignId: byId(id),
			options: { dryRun: true },
		});
		expect(result.items()[0].json).toEqual({
			dryRun: true,
			action: 'started',
			campaignId: id,
			enabled: false,
			request: {
				method: 'PATCH',
				url: `${sandbox.current.baseUrl('eu')}${campaignsPath}/${id}`,
				body: { ownerId: SANDBOX_IDS.euWorkspace },
			},
		});
		expect(toggles()).toHaveLength(0);
		expect(sandbox.current.state.campaigns![id].enabled).toBe(false);
	});

	it('a toggle that fails after it may have arrived is not sent again', async () => {
		const id = await createCampaign();
		sandbox.current.injectFault({
			method: 'PATCH',
			path: `${campaignsPath}/${id}`,
			kind: 'status',
			status: 502,
			afterProcessing: true,
		});
		const result = await campaign({ operation: 'start', campaignId: byId(id) });
		expect(result.error('Convocore')).toBeDefined();
		expect(toggles()).toHaveLength(1);
		// The re-run reads it running and leaves it so.
		const again = await campaign({ operation: 'start', campaignId: byId(id) });
		expect(again.items()[0].json.action).toBe('alreadyRunning');
		expect(toggles()).toHaveLength(1);
	});
});

describe('Campaign > Restart', () => {
	it('sends the owner email and Reset Conversations; Dry Run returns that request and sends nothing', async () => {
		const id = await createCampaign();
		const parameters = {
			operation: 'restart',
			campaignId: byId(id),
			workspaceOwnerEmail: 'owner@acme.example',
			resetConversations: true,
		};
		const dry = await campaign({ ...parameters, options: { dryRun: true } });
		expect(dry.items()[0].json).toEqual({
			dryRun: true,
			campaignId: id,
			request: {
				method: 'PATCH',
				url: `${sandbox.current.baseUrl('eu')}${campaignsPath}/${id}/restart`,
				body: { workspaceOwnerEmail: 'owner@acme.example', resetConversations: true },
			},
		});
		expect(sandbox.current.requests({ method: 'PATCH' })).toHaveLength(0);
		const result = await campaign(parameters);
		expect(sandbox.current.requests({ method: 'PATCH' })[0].body).toEqual({
			workspaceOwnerEmail: 'owner@acme.example',
			resetConversations: true,
		});
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({ restarted: true, campaignId: id }),
		);
	});

	it('refuses an owner email that is not one before anything is sent', async () => {
		const result = await campaign({
			operation: 'restart',
			campaignId: byId('campaign-1'),
			workspaceOwnerEmail: 'owner',
		});
		expect(result.error('Convocore')?.message).toBe(
			'Invalid campaign restart: workspaceOwnerEmail: must be an email address',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('campaign and lead group pickers', () => {
	it('list the chosen agent’s campaigns with their state and its groups with their lead counts', async () => {
		const id = await createCampaign();
		const campaigns = await listSearch.searchCampaigns.call(
			loadOptionsContext(
				sandbox.current,
				{ resource: 'campaign', operation: 'start', agentId: agent },
				{ path: 'parameters.campaignId' },
			),
		);
		expect(campaigns.results).toEqual([{ name: 'Recall (paused)', value: id }]);
		const groups = await listSearch.searchLeadGroups.call(
			loadOptionsContext(
				sandbox.current,
				{ resource: 'leadGroup', operation: 'delete', agentId: agent },
				{ path: 'parameters.groupName' },
			),
			'pat',
		);
		expect(groups.results).toEqual([{ name: 'new-patients (2 leads)', value: 'new-patients' }]);
	});
});
