import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { hintWhenLimitReached, requiredText } from '../../helpers/parameters';
import { listDescription } from '../../descriptions/listing';
import { listPlanSchema, mostOf, readListPlan } from '../../helpers/listing';
import { type ConvocoreOperation, type ItemScope } from '../types';
import { collectNumberedPages } from '../../transport/pagination';
import { fetchJobList, pageSizeFor, readWorkspaceId } from './common';
import { crawlerWorkspaceProperties } from '../../descriptions/pickers';

const show = { resource: ['crawlerJob'], operation: ['getAll'] };

export const description: INodeProperties[] = listDescription(show, {
	of: crawlerWorkspaceProperties(show, 'The workspace whose crawler jobs to list'),
});

const planSchema = lazy(() => listPlanSchema({ workspaceId: requiredText('a workspace ID') }));
type ListPlan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<ListPlan> {
	const given = { workspaceId: readWorkspaceId(this, itemIndex) };
	return readListPlan(this, itemIndex, planSchema, given, 'crawler job listing');
}

export async function execute(this: IExecuteFunctions, plan: ListPlan, scope: ItemScope) {
	const max = mostOf(plan);
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
