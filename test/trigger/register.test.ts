/**
 * Node version 2's Register on Agents through n8n-core's HookContext against the sandbox over
 * real HTTP, in both sandbox modes: what each agent's stored webhookUrl is after activation, an
 * n8n restart, deactivation, a foreign URL, a replaced one, a change made meanwhile, and the
 * Test URL; and that version 1 never writes to an agent.
 */
import type { IHookFunctions, INodeParameters } from 'n8n-workflow';
import { registrationSettings } from '../../nodes/ConvocoreTrigger/registration';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import type { Sandbox } from '../../sandbox';
import { sandboxCredential, useSandbox } from '../harness/convocore';
import { startTriggerServer, TriggerHarness, type TriggerSetup } from '../harness/webhook';

const OWN = SANDBOX_IDS.ownAccountAgent;
const RENTAL = SANDBOX_IDS.rentalAgent;
const CRM_URL = 'https://crm.example.com/hooks/convocore';

/** Version 2 with Register on Agents on the given agents (From List, as the picker stores them). */
function registering(agentIds: string[], more: INodeParameters = {}): INodeParameters {
	return {
		registerOnAgents: true,
		agents: {
			agent: agentIds.map((value) => ({ agentId: { __rl: true, mode: 'list', value } })),
		},
		...more,
	};
}

describe.each(['strict', 'published'] as const)(
	'Register on Agents, sandbox in %s mode',
	(mode) => {
		const sandbox = useSandbox({ mode });

		const setup = (parameters: INodeParameters, typeVersion = 2): TriggerSetup => ({
			events: ['lead_captured'],
			secret: sandbox.current.keys.euWhiteLabel,
			credential: sandboxCredential(sandbox.current),
			webhookBaseUrl: 'https://n8n.example.com/webhook',
			typeVersion,
			parameters,
		});
		const make = (parameters: INodeParameters, typeVersion = 2) =>
			new TriggerHarness(setup(parameters, typeVersion));

		/** The agent's webhookUrl as the sandbox stores it ('' for none). */
		const stored = (agentId: string): unknown =>
			sandbox.current.state.agents[agentId].fields?.webhookUrl ?? '';
		const patches = (s: Sandbox = sandbox.current) => s.requests({ method: 'PATCH' });

		/** A request to the sandbox's API with the workspace secret, as any client sends it. */
		async function callApi(method: string, path: string, body: unknown): Promise<void> {
			const response = await fetch(`${sandbox.current.baseUrl('eu')}${path}`, {
				method,
				headers: {
					authorization: `Bearer ${sandbox.current.keys.euWhiteLabel}`,
					'content-type': 'application/json',
				},
				body: JSON.stringify(body),
			});
			expect(response.status).toBe(200);
		}

		/** Someone else sets the agent's webhookUrl through the API. */
		const setElsewhere = (agentId: string, webhookUrl: string) =>
			callApi('PATCH', `/agents/${agentId}`, { agent: { webhookUrl } });

		/** The agent captures a lead (the sandbox emits lead_captured); waits for the deliveries. */
		async function captureLead(name: string): Promise<void> {
			await callApi('POST', '/leads', { lead: { agentId: OWN, name } });
			await sandbox.current.settleEvents();
		}

		it('activation points every chosen agent at the Production URL with one PATCH of { agent: { webhookUrl } } each', async () => {
			const trigger = make(registering([OWN, RENTAL]));
			expect(await trigger.activate()).toBe(true);
			const url = trigger.webhookUrl();
			expect(stored(OWN)).toBe(url);
			expect(stored(RENTAL)).toBe(url);
			expect(patches().map(({ path, body }) => ({ path, body }))).toEqual([
				{ path: `/agents/${OWN}`, body: { agent: { webhookUrl: url } } },
				{ path: `/agents/${RENTAL}`, body: { agent: { webhookUrl: url } } },
			]);
			expect(JSON.stringify(trigger.staticData)).not.toContain(sandbox.current.keys.euWhiteLabel);
		});

		it('after an n8n restart (init) checkExists finds the registration in place and nothing is written', async () => {
			const trigger = make(registering([OWN]));
			await trigger.activate();
			const writes = patches().length;
			const checkExists = trigger.nodeType.webhookMethods!.default!.checkExists;
			expect(await checkExists.call(trigger.hookContext(false, 'init'))).toBe(true);
			expect(patches()).toHaveLength(writes);
			expect(stored(OWN)).toBe(trigger.webhookUrl());
			// Pointed elsewhere, the registration is no longer in place: n8n runs create() again.
			await setElsewhere(OWN, CRM_URL);
			expect(await checkExists.call(trigger.hookContext(false, 'init'))).toBe(false);
		});

		it('deactivation puts back what the agent had (none) and forgets the registration', async () => {
			const trigger = make(registering([OWN]));
			await trigger.activate();
			await trigger.deactivate();
			expect(stored(OWN)).toBe('');
			expect(trigger.nodeStaticData()?.agentRegistrations).toBeUndefined();
			// A second deactivation has nothing left to put back.
			const writes = patches().length;
			await trigger.deactivate();
			expect(patches()).toHaveLength(writes);
		});

		it('a foreign URL refuses the activation, names the agent and the URL, and changes no agent', async () => {
			await setElsewhere(OWN, CRM_URL);
			const before = patches().length;
			const trigger = make(registering([RENTAL, OWN]));
			const refused = trigger.hook('create');
			await expect(refused).rejects.toMatchObject({
				name: 'NodeOperationError',
				message: `Not registered: agent "Ava from Acme Dental" (${OWN}) already sends its events to ${CRM_URL}. Registering would replace that URL.`,
			});
			await expect(refused).rejects.toMatchObject({
				description: expect.stringContaining('No agent was changed'),
			});
			expect(patches()).toHaveLength(before);
			expect(stored(OWN)).toBe(CRM_URL);
			expect(stored(RENTAL)).toBe('');
			expect({ ...trigger.nodeStaticData() }).toEqual({});
			// n8n calls delete() after a failed create(): it has nothing to put back.
			await trigger.deactivate();
			expect(patches()).toHaveLength(before);
			expect(stored(OWN)).toBe(CRM_URL);
		});

		it('Replace Existing URL takes the agent over and puts the old URL back on deactivation', async () => {
			await setElsewhere(OWN, CRM_URL);
			const trigger = make(registering([OWN], { replaceExistingUrl: true }));
			await trigger.activate();
			expect(stored(OWN)).toBe(trigger.webhookUrl());
			await trigger.deactivate();
			expect(stored(OWN)).toBe(CRM_URL);
		});

		it('an agent someone pointed elsewhere meanwhile keeps its new URL on deactivation; the others are put back', async () => {
			const trigger = make(registering([OWN, RENTAL]));
			await trigger.activate();
			await setElsewhere(OWN, CRM_URL);
			const writes = patches().length;
			await trigger.deactivate();
			expect(stored(OWN)).toBe(CRM_URL);
			expect(stored(RENTAL)).toBe('');
			expect(
				patches()
					.slice(writes)
					.map(({ path }) => path),
			).toEqual([`/agents/${RENTAL}`]);
		});

		it('a second workflow asking for the same agent is refused, naming the URL of the first', async () => {
			const first = make(registering([OWN]));
			await first.activate();
			const second = make(registering([OWN]));
			await expect(second.activate()).rejects.toThrow(
				`agent "Ava from Acme Dental" (${OWN}) already sends its events to ${first.webhookUrl()}`,
			);
			expect(stored(OWN)).toBe(first.webhookUrl());
		});

		it("'Listen for test event' registers the Test URL and puts back the agent's URL afterwards", async () => {
			await setElsewhere(OWN, CRM_URL);
			const trigger = make(registering([OWN], { replaceExistingUrl: true }));
			expect(await trigger.activate(true)).toBe(true);
			expect(stored(OWN)).toBe(trigger.webhookUrl(true));
			await trigger.deactivate(true);
			expect(stored(OWN)).toBe(CRM_URL);
		});

		it('a write that fails puts back the agents already written, and the error is thrown', async () => {
			sandbox.current.injectFault({
				method: 'PATCH',
				path: `/agents/${RENTAL}`,
				kind: 'status',
				status: 400,
			});
			const trigger = make(registering([OWN, RENTAL]));
			await expect(trigger.hook('create')).rejects.toMatchObject({
				description: expect.stringContaining('every agent changed before the error was put back'),
			});
			expect(stored(OWN)).toBe('');
			expect(stored(RENTAL)).toBe('');
			expect({ ...trigger.nodeStaticData() }).toEqual({});
		});

		it('a put-back that fails is thrown once every agent was tried, and the next deactivation retries it', async () => {
			const trigger = make(registering([OWN, RENTAL]));
			await trigger.activate();
			sandbox.current.injectFault({
				method: 'PATCH',
				path: `/agents/${OWN}`,
				kind: 'status',
				status: 400,
			});
			await expect(trigger.deactivate()).rejects.toThrow(
				`Could not put back the Webhook URL of agent ${OWN}: Convocore rejected the request`,
			);
			expect(stored(OWN)).toBe(trigger.webhookUrl());
			expect(stored(RENTAL)).toBe('');
			await trigger.deactivate();
			expect(stored(OWN)).toBe('');
			expect(trigger.nodeStaticData()?.agentRegistrations).toBeUndefined();
		});

		it('an agent deleted in Convocore meanwhile has nothing to put back; deactivation goes on', async () => {
			const trigger = make(registering([OWN, RENTAL]));
			await trigger.activate();
			delete sandbox.current.state.agents[OWN];
			await trigger.deactivate();
			expect(stored(RENTAL)).toBe('');
			expect(trigger.nodeStaticData()?.agentRegistrations).toBeUndefined();
		});

		it('Register on Agents with no agent is refused before any request', async () => {
			const trigger = make(registering([]));
			await expect(trigger.hook('create')).rejects.toThrow(
				'Register on Agents is on, but Agents names no agent',
			);
			const blank = make({
				registerOnAgents: true,
				agents: { agent: [{ agentId: { __rl: true, mode: 'list', value: ' ' } }] },
			});
			await expect(blank.hook('create')).rejects.toThrow('Agents: agent 1 names no agent');
			expect(sandbox.current.count()).toBe(0);
		});

		it('an event the sandbox emits for the agent reaches the registered node once, and one workflow runs', async () => {
			const server = await startTriggerServer(setup(registering([OWN])));
			try {
				await server.harness.activate();
				expect(stored(OWN)).toBe(server.url);
				await captureLead('Jordan Lee');
				const runs = await server.settled();
				expect(runs).toHaveLength(1);
				expect(runs[0][0].json).toMatchObject({
					event: 'lead_captured',
					agentId: OWN,
					leadName: 'Jordan Lee',
				});
				expect(sandbox.current.delivered.map(({ url, status }) => ({ url, status }))).toEqual([
					{ url: server.url, status: 200 },
				]);
			} finally {
				await server.close();
			}
		});

		it("the sandbox posts an agent's event once to a URL that is both the workspace receiver and the agent's, and to each when they differ", async () => {
			const server = await startTriggerServer(setup(registering([OWN])));
			try {
				await server.harness.activate();
				sandbox.current.setEventReceiver(server.url);
				await captureLead('Once');
				// Another spelling of the same listener: a workspace receiver apart from the agent's URL.
				sandbox.current.setEventReceiver(`${server.url}?workspace`);
				await captureLead('Twice');
				const runs = await server.settled();
				expect(runs.map((items) => items[0].json.leadName)).toEqual(['Once', 'Twice', 'Twice']);
				expect(sandbox.current.delivered.map(({ url }) => url).sort()).toEqual(
					[server.url, server.url, `${server.url}?workspace`].sort(),
				);
			} finally {
				await server.close();
			}
		});

		it('version 1 never writes to an agent, whatever its parameters hold', async () => {
			const trigger = make(registering([OWN], { replaceExistingUrl: true }), 1);
			expect(await trigger.activate()).toBe(true);
			expect(await trigger.hook('checkExists')).toBe(true);
			await trigger.deactivate();
			await trigger.activate(true);
			await trigger.deactivate(true);
			expect(sandbox.current.count()).toBe(0);
			expect(stored(OWN)).toBe('');
		});
	},
);

describe('registrationSettings', () => {
	// n8n's Workflow drops the parameters version 1 does not show, so the engine never hands them
	// to a version 1 node; the node does not rely on that.
	it('is off for a version 1 node even when its stored parameters turn it on', () => {
		const parameters: INodeParameters = registering([OWN]);
		const context = (typeVersion: number) =>
			({
				getNode: () => ({ typeVersion }),
				getNodeParameter: (name: string, fallback: unknown) => parameters[name] ?? fallback,
			}) as unknown as IHookFunctions;
		expect(registrationSettings(context(1))).toBeUndefined();
		expect(registrationSettings(context(2))).toEqual({ agentIds: [OWN], replace: false });
	});
});
