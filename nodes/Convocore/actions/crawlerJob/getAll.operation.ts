import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import {
	hintWhenLimitReached,
	listingFields,
	readListing,
	validate,
	requiredText,
} from '../../helpers/parameters';
import { returnAllAndLimit, timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation, type ItemScope } from '../types';
import { collectNumberedPages } from '../../transport/pagination';
import { fetchJobList, pageSizeFor, readWorkspaceId } from './common';
import { crawlerWorkspaceProperties } from '../../descriptions/pickers';

const show = { resource: ['crawlerJob'], operation: ['getAll'] };

export const description: INodeProperties[] = [
	...crawlerWorkspaceProperties(show, 'The workspace whose crawler jobs to list'),
	...returnAllAndLimit(show),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({ workspaceId: requiredText('a workspace ID'), ...listingFields() }),
);
type ListPlan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<ListPlan> {
	return validate(
		this,
		planSchema,
		{ workspaceId: readWorkspaceId(this, itemIndex), ...readListing(this, itemIndex) },
		itemIndex,
		'crawler job listing',
	);
}

export async function execute(this: IExecuteFunctions, plan: ListPlan, scope: ItemScope) {
	const max = plan.returnAll ? Infinity : plan.limit;
	const jobs = await collectNumberedPages(
		async (page, limit) => {
			const answer = await fetchJobList(this, plan.workspaceId, page, limit, scope);
			return { items: answer.jobs as IDataObject[], total: answer.total };
		},
		{ max, pageSize: pageSizeFor(max), what: 'crawler jobs' },
	);
	if (!plan.returnAll)
		hintWhenLimitReached(this, jobs.length, plan.limit, 'crawler jobs', scope.itemIndex ?? 0);
	return jobs.map((job) => ({ json: job }));
}

export const getAll: ConvocoreOperation<ListPlan> = { description, prepare, execute };
