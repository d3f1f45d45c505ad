import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Show } from '../../descriptions/displayOptions';
import { filtersProperty } from '../../descriptions/listing';
import { readJsonField } from '../../helpers/jsonFields';
import { compact } from '../../helpers/parameters';
import { readIdParameter } from '../../helpers/agentId';

/** The lead ID of Get, Update and Delete (no picker: a lead is found by Get Many). */
export function leadIdProperty(show: Show, description: string): INodeProperties {
	return {
		displayName: 'Lead ID',
		name: 'leadId',
		type: 'string',
		required: true,
		default: '',
		description,
		displayOptions: { show },
	};
}

export function readLeadId(ctx: IExecuteFunctions, itemIndex: number): unknown {
	return readIdParameter(ctx, 'leadId', itemIndex);
}

/** Name, email, phone and the metadata the API knows, as collection entries sorted by name. */
const LEAD_FIELD_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
	},
	{
		displayName: 'Metadata',
		name: 'metaData',
		type: 'collection',
		placeholder: 'Add Metadata',
		default: {},
		options: [
			{ displayName: 'Address', name: 'address', type: 'string', default: '' },
			{ displayName: 'Company', name: 'company', type: 'string', default: '' },
			{
				displayName: 'Notes',
				name: 'notes',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
			},
			{
				displayName: 'Source',
				name: 'source',
				type: 'string',
				default: '',
				description: 'Where the lead came from (Convocore defaults to chat)',
			},
		],
	},
	{ displayName: 'Name', name: 'name', type: 'string', default: '' },
	{ displayName: 'Phone', name: 'phone', type: 'string', placeholder: '+14155550123', default: '' },
];

/** The collection of lead fields (Create's Lead Fields, Update's Update Fields). */
export function leadFieldsProperty(displayName: string, name: string, show: Show): INodeProperties {
	return {
		displayName,
		name,
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: LEAD_FIELD_OPTIONS,
	};
}

/** The lead fields of a collection (`field` names it), empty ones left out (an empty metadata block too). */
export function leadFieldsFrom(
	ctx: IExecuteFunctions,
	field: string,
	itemIndex: number,
): IDataObject {
	const { metaData, ...fields } =
		readJsonField(ctx, ctx.getNodeParameter(field, itemIndex, {}), field, itemIndex, 'object') ??
		{};
	const meta = compact(
		readJsonField(ctx, metaData, `${field}.metaData`, itemIndex, 'object') ?? {},
	);
	return compact({
		...fields,
		metaData: Object.keys(meta).length ? meta : undefined,
	}) as IDataObject;
}

/** Group Name and Search Term, the filters of Get Many and Export (entries of a Filters collection). */
const LEAD_FILTER_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Group Name',
		name: 'groupName',
		type: 'string',
		default: '',
		description: 'Only leads of this lead group',
	},
	{
		displayName: 'Search Term',
		name: 'searchTerm',
		type: 'string',
		default: '',
		description: 'Only leads matching this text',
	},
];

/** The Filters collection of Get Many and Export: Group Name, Search Term and `more` of its own. */
export function leadFiltersProperty(show: Show, more: INodeProperties[] = []): INodeProperties {
	return filtersProperty(show, [...LEAD_FILTER_OPTIONS, ...more]);
}
