import type { ResourceDefinition } from '../resource';
import { create } from './create.operation';
import { deleteMetrics } from './delete.operation';
import { getAll } from './getAll.operation';

const GET_MANY = 'getAll';

export const customMetricResource: ResourceDefinition = {
	name: 'Custom Metric',
	value: 'customMetric',
	description: 'Create, read and delete the custom analytics metrics an agent extracts from its conversations',
	// Get Many was the only operation (the default) before Create and Delete came: stored workflows keep it.
	defaultOperation: GET_MANY,
	operations: [
		{ value: 'create', name: 'Create', action: 'Create a custom metric', description: 'Add a metric (key, description, type, options) the agent extracts from each conversation', operation: create },
		{ value: 'delete', name: 'Delete', action: 'Delete custom metrics', description: 'Remove one or more metrics by ID for good', operation: deleteMetrics },
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many custom metrics of an agent',
			description:
				'List the custom metrics defined on an agent (key, type, description, enum options, system flag), one item per metric. Read-only.',
			operation: getAll,
		},
	],
};
