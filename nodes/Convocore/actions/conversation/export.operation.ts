import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema, isAgentSecretKey, redactSecrets } from '../../../shared/contracts/agents';
import { exportConversationsAnswerSchema } from '../../../shared/contracts/conversationWrites';
import { lazy } from '../../../shared/contracts/lazy';
import type { RequestScope } from '../../../shared/transport';
import { requestChecked } from '../answers';
import { binaryFieldProperty, outputModeProperty, readBinaryField, redactCsv, type OutputMode } from '../exportFile';
import { agentIdProperty, readAgentId, readIdParameter, timeoutOnlyOptions, validate, type ConvocoreOperation } from '../operation';
import { convoIdProperty, conversationPath } from './common';
import { convoIdSchema } from '../../../shared/contracts/conversations';

const show = { resource: ['conversation'], operation: ['export'] };

/** Conversations per page of the all-conversations export. */
const EXPORT_PAGE = 100;

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose conversations to export'),
	{
		displayName: 'Conversations',
		name: 'which',
		type: 'options',
		default: 'one',
		options: [
			{ name: 'All', value: 'all', description: 'Every conversation of the agent' },
			{ name: 'One', value: 'one', description: 'The conversation picked below' },
		],
		displayOptions: { show },
	},
	convoIdProperty({ ...show, which: ['one'] }),
	outputModeProperty(show, ['items', 'csvFile', 'jsonFile']),
	binaryFieldProperty(show),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.discriminatedUnion('which', [
	z.object({ which: z.literal('one'), agentId: agentIdSchema, convoId: convoIdSchema }),
	z.object({ which: z.literal('all'), agentId: agentIdSchema }),
]));
type Plan = z.output<typeof planSchema> & { output: OutputMode; binaryField: string };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const which = this.getNodeParameter('which', itemIndex, 'one');
	const ref = { which, agentId: readAgentId(this, itemIndex), ...(which === 'one' ? { convoId: readIdParameter(this, 'convoId', itemIndex) } : {}) };
	return { ...validate(this, planSchema, ref, itemIndex, 'conversation export'), ...readBinaryField(this, itemIndex) };
}

/** Every page of the agent's export in `format`; CSV pages after the first lose their header row. */
async function exportAll(ctx: IExecuteFunctions, agentId: string, format: 'json' | 'csv', scope: RequestScope) {
	const path = `/agents/${encodeURIComponent(agentId)}/convos/export`;
	const records: IDataObject[] = [];
	const csvPages: string[] = [];
	const seen = new Set<string>();
	let cursor: string | undefined;
	for (;;) {
		const qs: IDataObject = { format, limit: EXPORT_PAGE, ...(cursor ? { cursor } : {}) };
		const page = await requestChecked(ctx, { method: 'GET', path, qs, raw: true, response: exportConversationsAnswerSchema }, scope);
		if (typeof page.data === 'string') csvPages.push(csvPages.length ? page.data.split('\n').slice(1).join('\n') : page.data);
		else records.push(...((Array.isArray(page.data) ? page.data : [page.data]) as IDataObject[]));
		if (!page.nextCursor || seen.has(page.nextCursor)) break;
		seen.add(page.nextCursor);
		cursor = page.nextCursor;
	}
	return { records, csv: csvPages.filter(Boolean).join('\n') };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const format = plan.output === 'csvFile' ? 'csv' : 'json';
	let records: IDataObject[];
	let csv = '';
	if (plan.which === 'one') {
		const answer = await requestChecked(this, { method: 'GET', path: `${conversationPath(plan)}/export`, qs: { format }, raw: true, response: exportConversationsAnswerSchema }, scope);
		csv = typeof answer.data === 'string' ? answer.data : '';
		records = typeof answer.data === 'string' ? [] : ((Array.isArray(answer.data) ? answer.data : [answer.data]) as IDataObject[]);
	} else ({ records, csv } = await exportAll(this, plan.agentId, format, scope));
	// Conversation records may carry an agent's secret fields: never handed on, in JSON or in CSV.
	records = records.map((record) => redactSecrets(record) as IDataObject);
	csv = redactCsv(csv, isAgentSecretKey, redactSecrets);
	if (plan.output === 'items') return records.map((record) => ({ json: record }));
	if (plan.output === 'csvFile' && !csv && records.length) {
		throw new NodeOperationError(this.getNode(), 'Convocore answered the CSV export with JSON records', { itemIndex: scope.itemIndex });
	}
	const name = plan.which === 'one' ? `conversation-${plan.convoId}` : 'conversations';
	const binary =
		plan.output === 'csvFile'
			? await this.helpers.prepareBinaryData(Buffer.from(csv, 'utf8'), `${name}.csv`, 'text/csv')
			: await this.helpers.prepareBinaryData(Buffer.from(JSON.stringify(records, null, 2), 'utf8'), `${name}.json`, 'application/json');
	return [{ json: { exported: plan.output === 'csvFile' ? Math.max(csv.split('\n').length - 1, 0) : records.length }, binary: { [plan.binaryField]: binary } }];
}

export const exportConversations: ConvocoreOperation<Plan> = { description, prepare, execute };
