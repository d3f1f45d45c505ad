/**
 * Conversation > Update, Assign to a Human, Delete and Export, and Custom Metric > Create and
 * Delete, through n8n's engine against the sandbox over real HTTP.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();
const agent = { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent };
const convoId = { __rl: true, mode: 'id', value: SANDBOX_IDS.aiChattingConvoId };
const convoPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos/${SANDBOX_IDS.aiChattingConvoId}`;
const convoKey = `${SANDBOX_IDS.ownAccountAgent}:${SANDBOX_IDS.aiChattingConvoId}`;

async function run(resource: string, parameters: INodeParameters) {
	return await runConvocore(
		{ resource, agentId: agent, ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion: 3 },
	);
}

describe('Conversation > Update and Assign to a Human', () => {
	it('Update sends { conversation } with the tags as a list and outputs the conversation', async () => {
		const result = await run('conversation', {
			operation: 'update',
			convoId,
			updateFields: {
				tags: 'wants-human, vip',
				state: 'requested_chat',
				notes: 'Asked for a person',
			},
		});
		const [request] = sandbox.current.requests({ method: 'PATCH' });
		expect([request.path, request.body]).toEqual([
			convoPath,
			{
				conversation: {
					tags: ['wants-human', 'vip'],
					state: 'requested_chat',
					notes: 'Asked for a person',
				},
			},
		]);
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({
				ID: SANDBOX_IDS.aiChattingConvoId,
				tags: ['wants-human', 'vip'],
				notes: 'Asked for a person',
			}),
		);
	});

	it.each([
		[
			'nothing to change',
			{},
			'Invalid conversation update: conversation: needs at least one field to change',
		],
		[
			'an email that is not one',
			{ userEmail: 'nope' },
			'Invalid conversation update: conversation.userEmail: must be an email address',
		],
		[
			'tags that are not text',
			{ tags: '={{ [1] }}' },
			'Invalid conversation update: conversation.tags.0: Expected string, received number',
		],
	])('Update with %s is refused before anything is sent', async (_what, updateFields, message) => {
		const result = await run('conversation', {
			operation: 'update',
			convoId,
			updateFields,
		} as INodeParameters);
		expect(result.error('Convocore')?.message).toBe(message);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('Assign sends the user and who delegated, and the conversation is a human’s', async () => {
		const result = await run('conversation', {
			operation: 'assign',
			convoId,
			assignToUserId: 'user-sam',
			additionalFields: { delegatedBy: 'user-ops' },
		});
		expect(sandbox.current.requests({ method: 'POST' })[0]).toEqual(
			expect.objectContaining({
				path: `${convoPath}/assign`,
				body: { assignToUserId: 'user-sam', delegatedBy: 'user-ops' },
			}),
		);
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({
				convoId: SANDBOX_IDS.aiChattingConvoId,
				assigned: true,
				assignedUser: { id: 'user-sam' },
			}),
		);
		expect(sandbox.current.state.conversations[convoKey].state).toBe('human-chatting');
	});

	it('Assign without a user is refused before anything is sent', async () => {
		const result = await run('conversation', {
			operation: 'assign',
			convoId,
			assignToUserId: '={{ " " }}',
		});
		expect(result.error('Convocore')?.message).toBe(
			'Invalid conversation assignment: assignToUserId: is required',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Conversation > Delete and Export', () => {
	it('Delete removes the conversation', async () => {
		const result = await run('conversation', { operation: 'delete', convoId });
		expect(result.items()[0].json).toEqual({
			deleted: true,
			convoId: SANDBOX_IDS.aiChattingConvoId,
		});
		expect(sandbox.current.state.conversations[convoKey]).toBeUndefined();
	});

	it('Export of all conversations as items reads every page', async () => {
		const result = await run('conversation', {
			operation: 'export',
			which: 'all',
			output: 'items',
		});
		const requests = sandbox.current.requests({
			path: `/agents/${SANDBOX_IDS.ownAccountAgent}/convos/export`,
		});
		expect(requests[0].query).toEqual({ format: 'json', limit: '100' });
		expect(result.items().map((item) => item.json.ID)).toEqual(
			expect.arrayContaining([SANDBOX_IDS.aiChattingConvoId, SANDBOX_IDS.humanHandoffConvoId]),
		);
	});

	it('Export of one conversation as a CSV file and as a JSON file', async () => {
		const csv = await run('conversation', {
			operation: 'export',
			which: 'one',
			convoId,
			output: 'csvFile',
		});
		expect(sandbox.current.requests({ path: `${convoPath}/export` })[0].query).toEqual({
			format: 'csv',
		});
		const [csvItem] = csv.items();
		expect(csvItem.binary!.data).toEqual(
			expect.objectContaining({
				fileName: `conversation-${SANDBOX_IDS.aiChattingConvoId}.csv`,
				mimeType: 'text/csv',
			}),
		);
		expect(
			Buffer.from(csvItem.binary!.data.data, 'base64').toString('utf8').split('\n')[1],
		).toContain(SANDBOX_IDS.aiChattingConvoId);

		const json = await run('conversation', {
			operation: 'export',
			which: 'one',
			convoId,
			output: 'jsonFile',
			binaryPropertyName: 'convo',
		});
		const [jsonItem] = json.items();
		expect(
			JSON.parse(Buffer.from(jsonItem.binary!.convo.data, 'base64').toString('utf8'))[0].ID,
		).toBe(SANDBOX_IDS.aiChattingConvoId);
		expect(jsonItem.json).toEqual({ exported: 1 });
	});
});

describe('Custom Metric > Create and Delete', () => {
	const metricsPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/metrics`;

	it('Create sends { metric } with typed fields; Delete sends several IDs at once', async () => {
		await run('customMetric', {
			operation: 'create',
			key: 'asked_for_human',
			metricDescription: 'Whether the customer asked for a person',
			type: 'enum',
			enumOptions: 'yes,no',
		});
		expect(
			sandbox.current.requests({ path: `/agents/${SANDBOX_IDS.ownAccountAgent}/custom-metrics` })[0]
				.body,
		).toEqual({
			metric: {
				key: 'asked_for_human',
				description: 'Whether the customer asked for a person',
				type: 'enum',
				options: ['yes', 'no'],
			},
		});
		const ids = sandbox.current.state.metrics[SANDBOX_IDS.ownAccountAgent]
			.map((metric) => metric.id)
			.slice(0, 2);
		const result = await run('customMetric', { operation: 'delete', metricIds: ids.join(', ') });
		expect(sandbox.current.requests({ path: `${metricsPath}/delete` })[0].body).toEqual({
			metricIds: ids,
		});
		expect(result.items()[0].json).toEqual({ deleted: true, metricIds: ids });
		expect(
			sandbox.current.state.metrics[SANDBOX_IDS.ownAccountAgent].map((metric) => metric.id),
		).not.toEqual(expect.arrayContaining(ids));
	});

	it.each([
		[
			'an enum metric without options',
			{ type: 'enum', enumOptions: '={{ "" }}' },
			'Invalid custom metric: body.metric.options: an enum metric needs at least one option',
		],
		[
			'no description',
			{ type: 'string', metricDescription: '={{ "" }}' },
			'Invalid custom metric: body.metric.description: is required',
		],
	])('Create refuses %s before anything is sent', async (_what, parameters, message) => {
		const result = await run('customMetric', {
			operation: 'create',
			key: 'k',
			metricDescription: 'd',
			...parameters,
		} as INodeParameters);
		expect(result.error('Convocore')?.message).toBe(message);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('Delete without IDs is refused before anything is sent', async () => {
		const result = await run('customMetric', { operation: 'delete', metricIds: '={{ "" }}' });
		expect(result.error('Convocore')?.message).toBe(
			'Invalid custom metric deletion: body.metricIds: needs at least one metric ID',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});
