import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { filtersProperty as filtersCollection } from '../../descriptions/listing';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { numberOrNumericText } from '../../../shared/contracts/common';
import {
	VOICE_PAGE,
	browseVoicesQuerySchema,
	searchVoicesQuerySchema,
} from '../../../shared/contracts/voice';
import { collectOffsetPages } from '../../transport/pagination';
import { type RequestScope } from '../../transport/retries';
import { compact, hintWhenLimitReached, validate } from '../../helpers/parameters';
import { optionsCollection, returnAllAndLimit, timeoutOption } from '../../descriptions/options';
import { fetchVoicePage } from './api';

/** The provider dropdown, loaded live from GET /voices/providers. */
export function providerProperty(operation: string): INodeProperties {
	return {
		displayName: 'Provider Name or ID',
		name: 'provider',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getProviders' },
		required: true,
		default: '',
		description:
			'The text-to-speech provider, by its slug (e.g. elevenlabs, rime-ai). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { resource: ['voice'], operation: [operation] } },
	};
}

/** Filters of GET /voices (`withProviders`) and GET /voices/{provider}. */
export function filtersProperty(operation: string, withProviders: boolean): INodeProperties {
	const options: INodeProperties[] = [
		{
			displayName: 'Accent',
			name: 'accent',
			type: 'string',
			default: '',
			placeholder: 'e.g. British',
			description:
				'Part of the accent, matched case-insensitively (e.g. "brit" finds British and British (RP))',
		},
		{
			displayName: 'Gender',
			name: 'gender',
			type: 'options',
			options: [
				{ name: 'Female', value: 'female' },
				{ name: 'Male', value: 'male' },
				{ name: 'Neutral', value: 'neutral' },
			],
			default: 'female',
			description:
				'Voice gender. An expression may also give masculine, feminine, m or f, in any case.',
		},
		{
			displayName: 'Language',
			name: 'language',
			type: 'string',
			default: '',
			placeholder: 'e.g. en or en-GB',
			description:
				'Language, matched inclusively: "en" finds en-US, en-GB, English and the like; "en-GB" only British English',
		},
		{
			displayName: 'Model Name or ID',
			name: 'modelId',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: 'getModels',
				loadOptionsDependsOn: [withProviders ? 'filters.providers' : 'provider'],
			},
			default: '',
			description:
				'Only voices that work with this text-to-speech model, for providers whose voices depend on the model. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
	];
	if (withProviders) {
		options.push({
			displayName: 'Provider Names or IDs',
			name: 'providers',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getProviders' },
			default: [],
			description:
				'Only voices of these providers; none means all providers. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		});
	}
	return filtersCollection({ resource: ['voice'], operation: [operation] }, options);
}

/** Return All, Limit and Page Size, in n8n's standard shapes. */
export function paginationProperties(operation: string): INodeProperties[] {
	const show = { resource: ['voice'], operation: [operation] };
	return [
		...returnAllAndLimit(show),
		optionsCollection(show, [
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: VOICE_PAGE.maxLimit },
				default: 500,
				description:
					'How many voices to ask Convocore for per request, 1 to 500. Larger pages need fewer requests.',
			},
			timeoutOption(),
		]),
	];
}

/** What a search or browse will ask for: validated before anything is sent. */
export interface VoiceListPlan {
	path: string;
	/** Filters as the API takes them (no limit/offset). */
	query: IDataObject;
	max: number;
	pageSize: number;
}

const paginationSchema = lazy(() =>
	z
		.object({
			// An expression may hand a number over as text; nothing else is taken for a number.
			limit: numberOrNumericText(
				z
					.number({ invalid_type_error: 'must be a number' })
					.int('must be a whole number')
					.min(1, 'must be 1 or more'),
			).optional(),
			pageSize: numberOrNumericText(
				z
					.number({ invalid_type_error: 'must be a number' })
					.int('must be a whole number')
					.min(1, `must be between 1 and ${VOICE_PAGE.maxLimit}`)
					.max(VOICE_PAGE.maxLimit, `must be between 1 and ${VOICE_PAGE.maxLimit}`),
			),
		})
		.strict(),
);

/**
 * Reads and validates the filters and pagination of one item against the contract schema of
 * GET /voices (`search`) or GET /voices/{provider} (`browse`).
 */
export function prepareVoiceList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: 'search' | 'browse',
	path: string,
): VoiceListPlan {
	const filters = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const { limit, pageSize } = validate(
		ctx,
		paginationSchema,
		{
			limit: returnAll ? undefined : ctx.getNodeParameter('limit', itemIndex, 50),
			pageSize: ctx.getNodeParameter('options.pageSize', itemIndex, VOICE_PAGE.maxLimit),
		},
		itemIndex,
		'pagination',
	);

	const providers = filters.providers;
	const query = compact({
		language: trimmed(filters.language),
		gender: trimmed(filters.gender),
		accent: trimmed(filters.accent),
		modelId: trimmed(filters.modelId),
		...(kind === 'search'
			? {
					providers: Array.isArray(providers)
						? providers
								.map((slug) => String(slug).trim())
								.filter(Boolean)
								.join(',')
						: trimmed(providers),
				}
			: {}),
	});
	const schema = kind === 'search' ? searchVoicesQuerySchema : browseVoicesQuerySchema;
	const checked = validate(ctx, schema, query, itemIndex, 'voice filters') as IDataObject;
	// limit and offset are the pager's business; the schema's defaults for them are not sent.
	const apiQuery: IDataObject = { ...checked };
	delete apiQuery.limit;
	delete apiQuery.offset;
	if (Array.isArray(apiQuery.providers)) {
		if (apiQuery.providers.length) apiQuery.providers = apiQuery.providers.join(',');
		else delete apiQuery.providers;
	}
	return { path, query: apiQuery, max: limit ?? Infinity, pageSize };
}

function trimmed(value: unknown): unknown {
	return typeof value === 'string' ? value.trim() : value;
}

/** Pages through a voice listing until `max` voices are in or the catalog ends: one item per voice. */
export async function collectVoices(
	this: IExecuteFunctions,
	plan: VoiceListPlan,
	scope: RequestScope,
) {
	const voices = await collectOffsetPages(
		(offset, limit) =>
			fetchVoicePage.call(this, plan.path, { ...plan.query, limit, offset }, scope),
		{
			max: plan.max,
			pageSize: plan.pageSize,
			what: 'voices',
			keyOf: (voice) => `${String(voice.provider)}/${String(voice.voiceId)}`,
		},
	);
	hintWhenLimitReached(this, voices.length, plan.max, 'voices', scope.itemIndex ?? 0);
	return voices.map((voice) => ({ json: voice as unknown as IDataObject }));
}
