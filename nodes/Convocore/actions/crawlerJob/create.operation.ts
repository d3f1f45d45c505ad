import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import {
	createCrawlerJobRequestSchema,
	crawlerJobSchema,
	type CrawlerJobRecord,
} from '../../../shared/contracts/crawlerJob';
import { redactDeep, withoutSecrets } from '../../../shared/secrets';
import { convocoreApiRequest } from '../../transport/request';
import { compact, validate, requiredText } from '../../helpers/parameters';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { type ConvocoreOperation, type ItemScope } from '../types';
import { listFrom } from '../../helpers/listField';
import { emptyToUndefined, fetchJobPages, jobPath, readWorkspaceId } from './common';
import { afterCreationError, MAX_WAIT_SECONDS, unsuccessfulJobError, waitForJob } from './wait';
import { readWebhook, webhookProperty, webhookSecrets } from './webhook';
import { crawlerWorkspaceProperties } from '../../descriptions/pickers';
import { REFRESH_RATE_OPTIONS } from '../../descriptions/refreshRate';

const show = { resource: ['crawlerJob'], operation: ['create'] };

export const description: INodeProperties[] = [
	...crawlerWorkspaceProperties(show, 'The workspace that runs the crawler job'),
	{
		displayName: 'URLs',
		name: 'urls',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/help, https://example.com/faq',
		description:
			'The pages to scrape (or to start crawling from), separated by commas or new lines; an expression may also give a list',
		displayOptions: { show },
	},
	{
		displayName: 'Crawl',
		name: 'crawl',
		type: 'boolean',
		default: false,
		description:
			'Whether to follow the links of the given pages too (see Crawl Options), instead of scraping only the URLs given',
		displayOptions: { show },
	},
	{
		displayName: 'Agent Names or IDs',
		name: 'toAgentIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getAgents' },
		default: [],
		description:
			'The agents whose knowledge base receives the scraped pages. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show },
	},
	{
		displayName: 'Crawl Options',
		name: 'crawlOptions',
		type: 'collection',
		placeholder: 'Add Crawl Option',
		default: {},
		displayOptions: { show: { ...show, crawl: [true] } },
		options: [
			{
				displayName: 'Exclude URLs Matching',
				name: 'unMatchers',
				type: 'string',
				default: '',
				placeholder: 'e.g. /blog/, https://example.com/private/*',
				description:
					'Patterns of URLs not to follow, separated by commas or new lines (sent as unMatchers)',
			},
			{
				displayName: 'Max Pages',
				name: 'maxPages',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 10000 },
				default: 50,
				description: 'The most pages the job scrapes',
			},
			{
				displayName: 'Only URLs Matching',
				name: 'urlMatchers',
				type: 'string',
				default: '',
				placeholder: 'e.g. /help/, https://example.com/docs/*',
				description:
					'Follow only URLs matching one of these patterns, separated by commas or new lines (sent as urlMatchers)',
			},
			{
				displayName: 'Stay On Domain',
				name: 'stayOnDomain',
				type: 'boolean',
				default: true,
				description: 'Whether to follow only links on the domain of the page they are on',
			},
		],
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Deep',
				name: 'deep',
				type: 'boolean',
				default: false,
				description:
					'Whether to crawl deeply: follow links on every page found, not only on the pages given',
			},
			{
				displayName: 'Refresh Rate',
				name: 'refreshRate',
				type: 'options',
				options: REFRESH_RATE_OPTIONS,
				default: 'never',
				description:
					'How often Convocore scrapes the pages again to keep the knowledge base current',
			},
			{
				displayName: 'Use Proxy',
				name: 'useProxy',
				type: 'boolean',
				default: false,
				description: 'Whether to scrape through a proxy (for sites that block crawlers)',
			},
		],
	},
	webhookProperty(show),
	optionsCollection(show, [
		{
			displayName: 'Include Pages',
			name: 'includePages',
			type: 'boolean',
			default: false,
			description:
				'Whether to add the list of scraped pages to the finished job (with Wait for Completion)',
			displayOptions: { show: { waitForCompletion: [true] } },
		},
		{
			displayName: 'Maximum Wait (Seconds)',
			name: 'maxWait',
			type: 'number',
			typeOptions: { minValue: MAX_WAIT_SECONDS.min, maxValue: MAX_WAIT_SECONDS.max },
			default: 600,
			description:
				'How long to wait for the job to finish before the item fails (the job keeps running at Convocore)',
			displayOptions: { show: { waitForCompletion: [true] } },
		},
		timeoutOption(),
		{
			displayName: 'Wait for Completion',
			name: 'waitForCompletion',
			type: 'boolean',
			default: false,
			description:
				'Whether to wait until the job is completed, failed or cancelled and output the finished job. The node checks after 1 s, then doubles the pause up to 15 s; other items go on meanwhile.',
		},
	]),
];

const planSchema = lazy(() =>
	z.object({
		workspaceId: requiredText('a workspace ID'),
		body: createCrawlerJobRequestSchema,
		waitForCompletion: z.boolean({ invalid_type_error: 'must be true or false' }),
		maxWaitSeconds: z
			.number({ invalid_type_error: 'must be a number of seconds' })
			.min(MAX_WAIT_SECONDS.min, `must be at least ${MAX_WAIT_SECONDS.min}`)
			.max(MAX_WAIT_SECONDS.max, `must be at most ${MAX_WAIT_SECONDS.max}`),
		includePages: z.boolean({ invalid_type_error: 'must be true or false' }),
	}),
);
type CreatePlan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<CreatePlan> {
	const webhook = readWebhook(
		(this.getNodeParameter('webhook', itemIndex, {}) ?? {}) as IDataObject,
	);
	try {
		return readPlan.call(this, itemIndex, webhook);
	} catch (error) {
		throw withoutSecrets(error, webhookSecrets(webhook));
	}
}

function readPlan(
	this: IExecuteFunctions,
	itemIndex: number,
	webhook: IDataObject | undefined,
): CreatePlan {
	const crawl = this.getNodeParameter('crawl', itemIndex, false) as unknown;
	const crawlOptions =
		crawl === true ? (this.getNodeParameter('crawlOptions', itemIndex, {}) as IDataObject) : {};
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const toAgentIds = listFrom(this.getNodeParameter('toAgentIds', itemIndex, []));
	const body = compact({
		urls: listFrom(this.getNodeParameter('urls', itemIndex, '')) ?? [],
		crawl,
		crawlOptions: Object.keys(crawlOptions).length
			? compact({
					...crawlOptions,
					urlMatchers: listFrom(crawlOptions.urlMatchers),
					unMatchers: listFrom(crawlOptions.unMatchers),
				})
			: undefined,
		deep: additional.deep,
		useProxy: additional.useProxy,
		refreshRate: emptyToUndefined(additional.refreshRate),
		toAgentIds,
		webhook,
	});
	return validate(
		this,
		planSchema,
		{
			workspaceId: readWorkspaceId(this, itemIndex),
			body,
			waitForCompletion: options.waitForCompletion ?? false,
			maxWaitSeconds: options.maxWait ?? MAX_WAIT_SECONDS.default,
			includePages: options.includePages ?? false,
		},
		itemIndex,
		'crawler job',
	);
}

export async function execute(this: IExecuteFunctions, plan: CreatePlan, scope: ItemScope) {
	const secrets = webhookSecrets(plan.body.webhook);
	try {
		return await createAndWait.call(this, plan, scope, secrets);
	} catch (error) {
		throw withoutSecrets(error, secrets);
	}
}

async function createAndWait(
	this: IExecuteFunctions,
	plan: CreatePlan,
	scope: ItemScope,
	secrets: Set<string>,
) {
	const created = (await convocoreApiRequest.call(
		this,
		{
			method: 'POST',
			path: jobPath(plan.workspaceId),
			body: plan.body as IDataObject,
			response: crawlerJobSchema,
		},
		scope,
	)) as CrawlerJobRecord;
	if (!plan.waitForCompletion) return [{ json: redactDeep(created as IDataObject, secrets) }];

	// From here the item only waits: its slot goes to the items behind it, and the wait is not
	// taken for server latency.
	scope.freeSlot?.();
	const job = await waitForJob(
		this,
		{ workspaceId: plan.workspaceId, maxWaitSeconds: plan.maxWaitSeconds },
		created,
		scope,
	).catch((error) => {
		throw afterCreationError(error, created, 'waiting for it');
	});
	const failure = unsuccessfulJobError(this, redactDeep(job, secrets), scope.itemIndex);
	if (failure) throw failure;
	const json: IDataObject = { ...(job as IDataObject) };
	if (plan.includePages) {
		json.pages = await fetchJobPages(this, plan.workspaceId, job.id, Infinity, scope).catch(
			(error) => {
				throw afterCreationError(error, job, 'reading its pages');
			},
		);
	}
	return [{ json: redactDeep(json, secrets) }];
}

export const create: ConvocoreOperation<CreatePlan> = {
	description,
	prepare,
	execute,
};
