import type { ResourceDefinition } from '../resource';
import { deleteJob } from './delete.operation';

export const crawlerJobResource: ResourceDefinition = {
	name: 'Crawler Job',
	value: 'crawlerJob',
	description: 'Manage the knowledge-base crawler jobs of a workspace',
	operations: [
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete a crawler job',
			description:
				'Delete a crawler job and the scraped pages it stored for the knowledge base. Irreversible. Jobs cannot be edited: to change one, delete it and create it again.',
			operation: deleteJob,
		},
	],
};
