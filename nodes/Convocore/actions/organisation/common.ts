import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
import type { z } from 'zod';
import { ORGANISATION_PAGE } from '../../../shared/contracts/organisation';
import { collectNumberedPages } from '../../transport/pagination';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';

/** What the organisation operations share: the picker, the paths and the page-by-page listing. */

export function organisationPath(orgId?: string): string {
	return orgId === undefined ? '/orgs' : `/orgs/${encodeURIComponent(orgId)}`;
}

type PageSchema = z.ZodType<
	{ data: unknown[]; total: number; totalPages: number },
	z.ZodTypeDef,
	unknown
>;

/**
 * Up to `max` entries of a paged listing (`?page&pageSize`), following the server's totalPages:
 * one request per 100 entries for Return All, one page of Limit entries otherwise.
 */
export async function collectOrganisationPages(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	path: string,
	response: PageSchema,
	max: number,
	scope: RequestScope = {},
): Promise<IDataObject[]> {
	return await collectNumberedPages(
		async (page, pageSize) => {
			const answer = await requestChecked(
				ctx,
				{ method: 'GET', path, qs: { page, pageSize }, raw: true, response },
				scope,
			);
			return {
				items: answer.data as IDataObject[],
				total: answer.total,
				totalPages: answer.totalPages,
			};
		},
		{
			max,
			pageSize: Math.min(ORGANISATION_PAGE.maxPageSize, max),
			what: path.endsWith('/agents')
				? 'agents'
				: path.endsWith('/clients')
					? 'clients'
					: 'organisations',
		},
	);
}
