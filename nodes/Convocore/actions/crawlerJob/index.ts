import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteJob } from './delete.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getPage } from './getPage.operation';
import { getPages } from './getPages.operation';

export const crawlerJobResource: ResourceDefinition = {
	name: 'Crawler Job',
	value: 'crawlerJob',
	description:
		"Crawl sites into agents' knowledge bases: create, follow, read and delete crawler jobs",
	// The default since 0.1.0, which saved workflows leave out: it stays, whatever the menu order.
	defaultOperation: 'delete',
	operations: [
		{
			value: 'create',
			name: 'Create',
			action: 'Create a crawler job',
			description:
				'Scrape or crawl URLs into the knowledge base of agents, optionally waiting until the job has finished',
			operation: create,
		},
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete a crawler job',
			description:
				'Delete a crawler job and the scraped pages it stored for the knowledge base. Irreversible. Jobs cannot be edited: to change one, delete it and create it again.',
			operation: deleteJob,
		},
		{
			value: 'get',
			name: 'Get',
			action: 'Get a crawler job',
			description: 'Read one crawler job and its status',
			operation: get,
		},
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many crawler jobs',
			description: 'List the crawler jobs of a workspace, newest first',
			operation: getAll,
		},
		{
			value: 'getPage',
			name: 'Get Page',
			action: 'Get a scraped page',
			description: 'Read one page a crawler job scraped, with its content',
			operation: getPage,
		},
		{
			value: 'getPages',
			name: 'Get Pages',
			action: 'Get the pages of a crawler job',
			description: 'List the pages a crawler job scraped',
			operation: getPages,
		},
	],
};
