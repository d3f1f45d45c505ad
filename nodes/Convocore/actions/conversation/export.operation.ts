import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema, isAgentSecretKey, redactSecrets } from '../../../shared/contracts/agent';
import { exportOneSchema, exportPageSchema } from '../../../shared/contracts/conversationWrites';
import { lazy } from '../../../shared/contracts/lazy';
import { ListingResults, ListingError } from '../../transport/pagination';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { readBinaryField, redactCsv, toCsv, type OutputMode } from '../../helpers/exportFile';
import { binaryFieldProperty, outputModeProperty } from '../../descriptions/exportFile';
import { agentIdProperty, convoIdProperty } from '../../descriptions/pickers';
import { readAgentId, readIdParameter } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { conversationPath } from './common';
import { convoIdSchema } from '../../../shared/contracts/conversation';

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

const planSchema = lazy(() =>
	z.discriminatedUnion('which', [
		z.object({ which: z.literal('one'), agentId: agentIdSchema, convoId: convoIdSchema }),
		z.object({ which: z.literal('all'), agentId: agentIdSchema }),
	]),
);
type Plan = z.output<typeof planSchema> & { output: OutputMode; binaryField: string };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const which = this.getNodeParameter('which', itemIndex, 'one');
	const ref = {
		which,
		agentId: readAgentId(this, itemIndex),
		...(which === 'one' ? { convoId: readIdParameter(this, 'convoId', itemIndex) } : {}),
	};
	return {
		...validate(this, planSchema, ref, itemIndex, 'conversation export'),
		...readBinaryField(this, itemIndex),
	};
}

/**
 * Every page of the agent's export in `format`. Two published readings: the OpenAPI documents
 * `format` only and one answer with every conversation; the public client sends `limit` and
 * follows `nextCursor` (text) until it has none. Pages are checked against the format asked, a
 * repeated cursor or a page of repeats is an error, and CSV pages after the first lose their
 * header row. `complete` is false when the answer may have stopped at the `limit` sent (exactly
 * that many, and neither a cursor nor `hasMore: false`): no published source says how to ask on.
 */
/**
 * A CSV export's `data` as CSV text: the text as sent (the public client's reading), or, where
 * Convocore sends a list (OpenAPI 1.0.4 types the export's `data` as an array), its lines joined,
 * or its records written as CSV.
 */
function csvTextOf(data: unknown): string {
	if (typeof data === 'string') return data;
	if (!Array.isArray(data) || data.length === 0) return '';
	if (data.every((line) => typeof line === 'string')) return data.join('\n');
	return toCsv(data as Array<Record<string, unknown>>);
}

async function exportAll(
	ctx: IExecuteFunctions,
	agentId: string,
	format: 'json' | 'csv',
	scope: RequestScope,
) {
	const path = `/agents/${encodeURIComponent(agentId)}/convos/export`;
	const records = new ListingResults<IDataObject>({ what: 'conversations' });
	// CSV rows are told apart by their whole text (the export's columns are not documented).
	const rows = new ListingResults<string>({ what: 'CSV rows', keyOf: (row) => row });
	let header: string | undefined;
	const cursors = new Set<string>();
	let cursor: string | undefined;
	for (let page = 1; ; page++) {
		const qs: IDataObject = { format, limit: EXPORT_PAGE, ...(cursor ? { cursor } : {}) };
		const answer = await requestChecked(
			ctx,
			{ method: 'GET', path, qs, raw: true, response: exportPageSchema(format) },
			scope,
		);
		const label = `page ${page}`;
		let count: number;
		if (format === 'csv') {
			const [first, ...body] = csvTextOf(answer.data)
				.split(/\r?\n/)
				.filter((line: string) => line !== '');
			if (first !== undefined && header !== undefined && first !== header) {
				throw new ListingError(
					`Convocore answered ${label} of the CSV export with other columns than page 1 (${first} instead of ${header}): the pages cannot be joined into one file.`,
				);
			}
			header ??= first;
			rows.take(body, Infinity, label);
			count = body.length;
		} else {
			records.take(answer.data as IDataObject[], Infinity, label);
			count = answer.data.length;
		}
		const next =
			typeof answer.nextCursor === 'string' && answer.nextCursor !== ''
				? answer.nextCursor
				: undefined;
		if (next === undefined) {
			if (answer.hasMore === true) {
				throw new ListingError(
					`Convocore said more conversations follow ${label} of the export but gave no cursor to them. Stopped rather than export part of them.`,
				);
			}
			// After a cursor, a page without one is the end; a first page is whole unless it is exactly `limit` long.
			const complete = answer.hasMore === false || cursor !== undefined || count < EXPORT_PAGE;
			const csv = header === undefined ? '' : [header, ...rows.items].join('\n');
			return { records: records.items, csv, rowCount: rows.count, complete };
		}
		if (cursors.has(next)) {
			throw new ListingError(
				`Convocore handed out the export cursor ${next} a second time, so the export does not advance. Stopped rather than export conversations twice.`,
			);
		}
		cursors.add(next);
		cursor = next;
	}
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const format = plan.output === 'csvFile' ? 'csv' : 'json';
	let records: IDataObject[];
	let csv = '';
	let rowCount = 0;
	let complete = true;
	if (plan.which === 'one') {
		const answer = await requestChecked(
			this,
			{
				method: 'GET',
				path: `${conversationPath(plan)}/export`,
				qs: { format },
				raw: true,
				response: exportOneSchema(format),
			},
			scope,
		);
		csv = format === 'csv' ? csvTextOf(answer.data) : '';
		rowCount = Math.max(csv.split('\n').filter((line) => line !== '').length - 1, 0);
		records =
			format === 'csv'
				? []
				: ((Array.isArray(answer.data) ? answer.data : [answer.data]) as IDataObject[]);
	} else
		({ records, csv, rowCount, complete } = await exportAll(this, plan.agentId, format, scope));
	if (!complete) {
		this.addExecutionHints({
			message: `Item ${scope.itemIndex ?? 0}: Convocore's export answered exactly ${EXPORT_PAGE} conversations, the page size asked, and no cursor to more: the export may be incomplete. Conversation > Get Many with Return All lists every conversation.`,
			type: 'warning',
			location: 'outputPane',
		});
	}
	// Conversation records may carry an agent's secret fields: never handed on, in JSON or in CSV.
	records = records.map((record) => redactSecrets(record) as IDataObject);
	csv = redactCsv(csv, isAgentSecretKey, redactSecrets);
	if (plan.output === 'items') return records.map((record) => ({ json: record }));
	const name = plan.which === 'one' ? `conversation-${plan.convoId}` : 'conversations';
	const binary =
		plan.output === 'csvFile'
			? await this.helpers.prepareBinaryData(Buffer.from(csv, 'utf8'), `${name}.csv`, 'text/csv')
			: await this.helpers.prepareBinaryData(
					Buffer.from(JSON.stringify(records, null, 2), 'utf8'),
					`${name}.json`,
					'application/json',
				);
	const exported = plan.output === 'csvFile' ? rowCount : records.length;
	return [
		{
			json: { exported, ...(complete ? {} : { complete: false }) },
			binary: { [plan.binaryField]: binary },
		},
	];
}

export const exportConversations: ConvocoreOperation<Plan> = { description, prepare, execute };
