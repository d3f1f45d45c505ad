import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { startTriggerServer, type TriggerServer } from '../harness/webhook';

const sandbox = useSandbox();
let server: TriggerServer | undefined;

afterEach(async () => {
	await server?.close();
	server = undefined;
});

const agent = { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent };

describe('sandbox event receiver -> Convocore Trigger', () => {
	it('Lead > Create starts a lead_captured run, Call > Start a conversation_updated run', async () => {
		server = await startTriggerServer({
			events: ['lead_captured', 'conversation_updated'],
			options: {},
			secret: sandbox.current.keys.euWhiteLabel,
		});
		sandbox.current.setEventReceiver(server.url);
		const credential = sandboxCredential(sandbox.current);

		await runConvocore(
			{
				resource: 'lead',
				operation: 'create',
				agentId: agent,
				leadFields: { name: 'Sam Patel', phone: '+4917655544433' },
			},
			{ credential, typeVersion: 2 },
		);
		await runConvocore(
			{ resource: 'call', operation: 'start', agentId: agent, to: '+4917655544433' },
			{ credential, typeVersion: 2 },
		);
		await sandbox.current.settleEvents();
		const runs = await server.settled();

		expect(runs.map((items) => items.map((item) => item.json.event))).toEqual([
			['lead_captured'],
			['conversation_updated'],
		]);
		expect(runs[0][0].json).toEqual(
			expect.objectContaining({
				agentId: SANDBOX_IDS.ownAccountAgent,
				leadName: 'Sam Patel',
				leadPhone: '+4917655544433',
			}),
		);
		expect(runs[1][0].json).toEqual(
			expect.objectContaining({
				channel: 'telephony',
				convoId: sandbox.current.placedCalls[0].convoId,
			}),
		);
		expect(JSON.stringify(runs)).not.toContain(sandbox.current.keys.euWhiteLabel);
		expect(sandbox.current.delivered.map((delivery) => delivery.status)).toEqual([200, 200]);
	});
});
