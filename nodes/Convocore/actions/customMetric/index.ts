import type { ResourceDefinition } from '../resource';
import { getAll } from './getAll.operation';

export const customMetricResource: ResourceDefinition = {
	name: 'Custom Metric',
	value: 'customMetric',
	description: 'Read the custom analytics metrics an agent extracts from its conversations',
	operations: [
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
