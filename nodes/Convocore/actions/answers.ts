import type { IExecuteFunctions, ILoadOptionsFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import type { z } from 'zod';
import { convocoreApiRequest, type ConvocoreRequest, type RequestScope } from '../../shared/transport';

/**
 * Sends one request and holds its answer to `response`: an answer of another shape becomes an
 * error naming the request, never an item. (The transport is being taught to enforce
 * `response` itself; checking here as well costs nothing and keeps these operations honest now.)
 */
export async function requestChecked<S extends z.ZodTypeAny>(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	request: Omit<ConvocoreRequest, 'response'> & { response: S },
	scope: RequestScope = {},
): Promise<z.output<S>> {
	const answer = await convocoreApiRequest.call(ctx, request, scope);
	const checked = request.response.safeParse(answer);
	if (checked.success) return checked.data;
	const write = request.method !== 'GET';
	throw new NodeApiError(ctx.getNode(), { message: 'Unexpected answer' } as JsonObject, {
		message: `Convocore answered ${request.method} ${request.path} with an unexpected body`,
		description: [
			`Expected: ${describeExpected(checked.error)}.`,
			write
				? 'The request was probably processed. It was not sent again, to avoid doing it twice: check in Convocore before retrying.'
				: 'This is likely a change on the Convocore side.',
		].join(' '),
		itemIndex: scope.itemIndex,
	});
}

function describeExpected(error: z.ZodError): string {
	return error.issues
		.slice(0, 3)
		.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message.toLowerCase()}`)
		.join('; ');
}
