import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import {
	checkSourceFields,
	createKnowledgeDocFields,
	knowledgeDocEnvelopeSchema,
} from '../../../shared/contracts/knowledgeBase';
import type { RequestScope } from '../../transport/retries';
import { requestChecked, recordOf as documentOf } from '../../helpers/answers';
import { checkWrite, checkedDocumentFields } from '../../helpers/writeCheck';
import { agentIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { readAgentId } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { SUPPORTED_FILES_HINT, readFileText } from './binaryFile';
import { DESCRIPTION_FIELD, TAGS_FIELD, kbPath, metadataFrom } from './common';
import { listFrom } from '../../helpers/listField';
import { REFRESH_RATE_OPTIONS } from '../../descriptions/refreshRate';

const show = { resource: ['knowledgeBase'], operation: ['create'] };
const from = (...sources: string[]) => ({ show: { ...show, sourceType: sources } });

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose knowledge base receives the document'),
	{
		displayName: 'Source',
		name: 'sourceType',
		type: 'options',
		noDataExpression: true,
		default: 'doc',
		displayOptions: { show },
		options: [
			{
				name: 'Binary File',
				value: 'binaryFile',
				description: 'A TXT, MD, HTML, CSV or JSON file from the input item, read as text',
			},
			{
				name: 'Sitemap',
				value: 'sitemap',
				description: 'The pages a sitemap lists, scraped by Convocore',
			},
			{ name: 'Text', value: 'doc', description: 'Text you give, e.g. an FAQ' },
			{ name: 'URLs', value: 'url', description: 'Web pages, scraped by Convocore' },
		],
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Opening hours FAQ',
		description: 'The name of the document in the knowledge base',
		displayOptions: from('doc', 'url', 'sitemap'),
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description: "The name of the document in the knowledge base. Empty: the file's name.",
		displayOptions: from('binaryFile'),
	},
	{
		displayName: 'Content',
		name: 'content',
		type: 'string',
		typeOptions: { rows: 6 },
		required: true,
		default: '',
		description: 'The text the agent learns from',
		displayOptions: from('doc'),
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: SUPPORTED_FILES_HINT,
		description: 'The name of the input binary field holding the file',
		displayOptions: from('binaryFile'),
	},
	{
		displayName: 'URLs',
		name: 'urls',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/pricing, https://example.com/faq',
		description: 'The pages to add, separated by commas or line breaks',
		displayOptions: from('url'),
	},
	{
		displayName: 'Sitemap URL',
		name: 'sitemapUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/sitemap.xml',
		displayOptions: from('sitemap'),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			DESCRIPTION_FIELD,
			{
				displayName: 'Max Pages',
				name: 'maxPages',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 50,
				description: 'Most pages of the sitemap to add',
				displayOptions: { show: { '/sourceType': ['sitemap'] } },
			},
			{
				displayName: 'Refresh Rate',
				name: 'refreshRate',
				type: 'options',
				default: 'never',
				options: REFRESH_RATE_OPTIONS,
				description: 'How often Convocore scrapes the pages again',
				displayOptions: { show: { '/sourceType': ['url', 'sitemap'] } },
			},
			{
				displayName: 'Scrape Content',
				name: 'scrapeContent',
				type: 'boolean',
				default: true,
				description: 'Whether Convocore scrapes the content of the pages',
				displayOptions: { show: { '/sourceType': ['url', 'sitemap'] } },
			},
			TAGS_FIELD,
		],
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z
		.object({ agentId: agentIdSchema, ...createKnowledgeDocFields() })
		.strict()
		.superRefine(checkSourceFields),
);
/**
 * A document from a binary file keeps no text in its plan, only where to read it again
 * (`fileField`): every item is checked before the first request, and plans holding the text of
 * every file (up to 1 MB each) would hold all of them at once. Read again when its request goes
 * out, a file's text is held only while its item is in flight: memory bounded by the batch.
 */
type Plan = z.output<typeof planSchema> & { fileField?: string };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const source = this.getNodeParameter('sourceType', itemIndex, 'doc') as string;
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const param = (name: string) => this.getNodeParameter(name, itemIndex, '') as unknown;
	let name = param('name');
	let content: unknown;
	const fileField =
		source === 'binaryFile'
			? String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim()
			: undefined;
	if (source === 'doc') content = param('content');
	if (fileField !== undefined) {
		const file = await readFileText(this, itemIndex, fileField);
		content = file.content;
		if (typeof name !== 'string' || name.trim() === '') name = file.fileName ?? name;
	}
	const body = compact({
		agentId: readAgentId(this, itemIndex),
		name,
		sourceType: source === 'binaryFile' ? 'doc' : source,
		content,
		metadata: metadataFrom(extra.description),
		tags: listFrom(extra.tags),
		refreshRate: extra.refreshRate,
		urls: source === 'url' ? listFrom(param('urls')) : undefined,
		sitemapUrl: source === 'sitemap' ? param('sitemapUrl') : undefined,
		maxPages: extra.maxPages,
		scrapeContent: extra.scrapeContent,
	});
	const plan: Plan = validate(this, planSchema, body, itemIndex, 'knowledge document');
	if (fileField === undefined) return plan;
	const withoutText: Plan = { ...plan, fileField };
	delete withoutText.content;
	return withoutText;
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const { agentId, fileField, ...body } = plan;
	// Read and checked again (same rules, same file: the input does not change during the run).
	if (fileField !== undefined)
		body.content = (await readFileText(this, scope.itemIndex ?? 0, fileField)).content;
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path: kbPath(agentId),
			body: body as IDataObject,
			raw: true,
			response: knowledgeDocEnvelopeSchema,
		},
		scope,
	);
	const record = documentOf(answer);
	return [
		{
			json: checkWrite(this, record, {
				sent: checkedDocumentFields(body),
				record,
				itemIndex: scope.itemIndex ?? 0,
				what: 'Knowledge base document',
			}),
		},
	];
}

export const create: ConvocoreOperation<Plan> = { description, prepare, execute };
