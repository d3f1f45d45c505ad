import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { itemRanges } from '../../nodes/Convocore/actions/router';

const sandbox = useSandbox();

describe('a failure in the middle of a batch', () => {
	it('names the items already sent and warns that a re-run sends them again', async () => {
		// Item 5 uses an agent without an SMS number: Convocore refuses it after 0-4 went out.
		const input = Array.from({ length: 8 }, (_, index) => ({
			json: {
				agentId: index === 5 ? SANDBOX_IDS.noSmsAgent : SANDBOX_IDS.ownAccountAgent,
				phone: `+4917600000${String(index).padStart(3, '0')}`,
			},
		}));
		const run = await runConvocore(
			{
				resource: 'sms',
				operation: 'send',
				agentId: '={{ $json.agentId }}',
				to: '={{ $json.phone }}',
				mode: 'direct',
				message: 'Hello',
				options: { concurrency: 1 },
			},
			{ credential: sandboxCredential(sandbox.current), input },
		);
		const error = run.error('Convocore');
		expect(error?.message).toMatch(/AGENT_HAS_NO_SMS_NUMBER|SMS/);
		expect(error?.description).toMatch(/5 items were sent successfully \(items 0-4\)/);
		expect(error?.description).toMatch(/Re-running the workflow as it is sends them again/);
		expect(sandbox.current.sentSms.map((sms) => sms.to)).toEqual(
			input.slice(0, 5).map((item) => item.json.phone),
		);
	});

	it('says nothing of sent items when none went out', async () => {
		const run = await runConvocore(
			{
				resource: 'sms',
				operation: 'send',
				agentId: SANDBOX_IDS.noSmsAgent,
				to: '+4917600000001',
				mode: 'direct',
				message: 'Hi',
			},
			{ credential: sandboxCredential(sandbox.current) },
		);
		expect(run.error('Convocore')?.description ?? '').not.toMatch(/sent successfully/);
		expect(sandbox.current.sentSms).toHaveLength(0);
	});

	it('writes item indexes as ranges', () => {
		expect(itemRanges([0, 1, 2, 5, 7, 8])).toBe('0-2, 5, 7-8');
		expect(itemRanges([3])).toBe('3');
		expect(itemRanges([])).toBe('');
	});
});
