import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import {
	hintWhenLimitReached,
	listingFields,
	readListing,
	validate,
	requiredText,
} from '../../helpers/parameters';
import { readIdParameter } from '../../helpers/agentId';
import { returnAllAndLimit, timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation, type ItemScope } from '../types';
import { fetchJobPages, readWorkspaceId } from './common';
import { crawlerWorkspaceProperties, jobIdLocator } from '../../descriptions/pickers';

const show = { resource: ['crawlerJob'], operation: ['getPages'] };

export const description: INodeProperties[] = [
	...crawlerWorkspaceProperties(show),
	jobIdLocator(show, 'The crawler job whose scraped pages to list'),
	...returnAllAndLimit(show),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({
		workspaceId: requiredText('a workspace ID'),
		jobId: requiredText('a job ID'),
		...listingFields(),
	}),
);
type PagesPlan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<PagesPlan> {
	return validate(
		this,
		planSchema,
		{
			workspaceId: readWorkspaceId(this, itemIndex),
			jobId: readIdParameter(this, 'jobId', itemIndex),
			...readListing(this, itemIndex),
		},
		itemIndex,
		'crawler page listing',
	);
}

export async function execute(this: IExecuteFunctions, plan: PagesPlan, scope: ItemScope) {
	const pages = await fetchJobPages(
		this,
		plan.workspaceId,
		plan.jobId,
		plan.returnAll ? Infinity : plan.limit,
		scope,
	);
	if (!plan.returnAll)
		hintWhenLimitReached(this, pages.length, plan.limit, 'pages', scope.itemIndex ?? 0);
	return pages.map((page) => ({ json: page }));
}

export const getPages: ConvocoreOperation<PagesPlan> = { description, prepare, execute };
