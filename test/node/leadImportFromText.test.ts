/**
 * Lead > Import From Text (`POST /agents/{agentId}/magic-import-leads`) through n8n's engine
 * against the sandbox, in strict and published mode: the exact request, one item per lead added,
 * the leads stored (into the group), validation before anything is sent, Dry Run.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { importFromText } from '../../nodes/Convocore/actions/lead/importFromText.operation';
import { readLeadLine } from '../../sandbox/routes/leadImportFromText';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const agent = { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent };
const path = `/agents/${SANDBOX_IDS.ownAccountAgent}/magic-import-leads`;

const EMAIL_BODY = [
	'Hi team, here are the people from the fair:',
	'Ann Becker <ann.becker@example.com>, +49 176 1000 0001',
	'Ben Okoro - ben.okoro@example.com',
	'Cara Lund +49 (176) 1000-0003',
	'Thanks, see you Monday',
].join('\n');

describe.each(['strict', 'published'] as const)('Lead > Import From Text (%s mode)', (mode) => {
	const sandbox = useSandbox({ mode });
	const run = async (parameters: INodeParameters) =>
		await runConvocore(
			{ resource: 'lead', operation: 'importFromText', agentId: agent, ...parameters },
			{ credential: sandboxCredential(sandbox.current), typeVersion: 4 },
		);

	it('sends { rawText, leadGroupId, additionalInstructions }, outputs one item per lead added, and the leads are stored in the group', async () => {
		const result = await run({
			rawText: EMAIL_BODY,
			options: { groupName: 'fair-2026', additionalInstructions: 'Names come first' },
		});
		const [request] = sandbox.current.requests({ method: 'POST', path });
		expect(request.body).toEqual({
			rawText: EMAIL_BODY,
			leadGroupId: 'fair-2026',
			additionalInstructions: 'Names come first',
		});
		const items = result.items();
		expect(
			items.map((item) => [item.json.userName, item.json.userEmail, item.json.userPhone]),
		).toEqual([
			['Ann Becker', 'ann.becker@example.com', '+4917610000001'],
			['Ben Okoro', 'ben.okoro@example.com', undefined],
			['Cara Lund', undefined, '+4917610000003'],
		]);
		const stored = items.map((item) => sandbox.current.state.leads[item.json.id as string]);
		expect(stored.map((lead) => lead?.groupName)).toEqual(['fair-2026', 'fair-2026', 'fair-2026']);
		expect(items.every((item) => item.json.workspaceId === undefined)).toBe(true);
	});

	it('a text with no lead in it outputs no item', async () => {
		const result = await run({ rawText: 'Nothing to see here.' });
		expect(result.items()).toHaveLength(0);
		expect(sandbox.current.requests({ method: 'POST', path })).toHaveLength(1);
	});
});

describe('Lead > Import From Text: validation and Dry Run', () => {
	const sandbox = useSandbox();
	const run = async (parameters: INodeParameters) =>
		await runConvocore(
			{ resource: 'lead', operation: 'importFromText', agentId: agent, ...parameters },
			{ credential: sandboxCredential(sandbox.current), typeVersion: 4 },
		);

	it.each([
		['empty', '={{ "" }}', 'Invalid import from text: body.rawText: is required'],
		['only spaces', '   \n ', 'Invalid import from text: body.rawText: must not be empty'],
		[
			'too long',
			`={{ "x".repeat(50001) }}`,
			'Invalid import from text: body.rawText: must be at most 50000 characters',
		],
	])('Text %s is refused before anything is sent', async (_what, rawText, message) => {
		const result = await run({ rawText });
		expect(result.error('Convocore')?.message).toBe(message);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('Dry Run returns the exact request and sends nothing', async () => {
		const result = await run({
			rawText: EMAIL_BODY,
			options: { dryRun: true, groupName: ' fair ' },
		});
		expect(result.items()[0].json).toEqual({
			dryRun: true,
			request: {
				method: 'POST',
				url: `${sandbox.current.baseUrl('eu')}${path}`,
				body: { rawText: EMAIL_BODY, leadGroupId: 'fair' },
			},
		});
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('its description says it spends credits', () => {
		const text = importFromText.description
			.map((property) => `${property.displayName} ${property.description ?? ''}`)
			.join(' ');
		expect(text).toMatch(/spends Convocore credits/i);
	});

	it('the sandbox reads a line with an e-mail or a phone as one lead, and nothing else', () => {
		expect(readLeadLine('Dev Patel; dev@example.com')).toEqual({
			userName: 'Dev Patel',
			userEmail: 'dev@example.com',
		});
		expect(readLeadLine('Call me at +1 415 555 0123')).toEqual({
			userName: 'Call me at',
			userPhone: '+14155550123',
		});
		expect(readLeadLine('No contact here, 12 34')).toBeUndefined();
	});
});
