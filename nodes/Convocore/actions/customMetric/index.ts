import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteMetrics } from './delete.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getData } from './getData.operation';
import { update } from './update.operation';

const GET_MANY = 'getAll';

export const customMetricResource: ResourceDefinition = {
	name: 'Custom Metric',
	value: 'customMetric',
	description:
		'Create, read, change and delete the custom analytics metrics an agent extracts from its conversations, and read their data',
	// Get Many was the only operation (the default) before Create and Delete came: stored workflows keep it.
	defaultOperation: GET_MANY,
	operations: [
		{
			value: 'create',
			name: 'Create',
			action: 'Create a custom metric',
			description:
				'Add a metric (key, description, type, options) the agent extracts from each conversation; returns its ID',
			operation: create,
		},
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete custom metrics',
			description: 'Remove one or more metrics by ID for good',
			operation: deleteMetrics,
		},
		{
			value: 'get',
			name: 'Get',
			action: 'Get a custom metric',
			description:
				'Read one metric by ID (key, type, description, enum options, system flag). Read-only.',
			operation: get,
		},
		{
			value: 'getData',
			name: 'Get Data',
			action: 'Get custom metric data',
			description:
				'Aggregates (average, sum, min, max, or counts of values) or the time series of all metrics or one, between two dates. Read-only.',
			operation: getData,
		},
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many custom metrics of an agent',
			description:
				'List the custom metrics defined on an agent (key, type, description, enum options, system flag), one item per metric. Read-only.',
			operation: getAll,
		},
		{
			value: 'update',
			name: 'Update',
			action: 'Update a custom metric',
			description: 'Change a metric’s description, type or enum options',
			operation: update,
		},
	],
};
