import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
import type { z } from 'zod';
import { convocoreApiRequest, type ConvocoreRequest } from '../transport/request';
import { type RequestScope } from '../transport/retries';

/**
 * Sends one request whose answer the transport holds to `response` (an answer of another shape
 * is an error naming the request, never an item), and returns it typed as the contract reads it.
 */
export async function requestChecked<S extends z.ZodTypeAny>(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	request: Omit<ConvocoreRequest, 'response'> & { response: S },
	scope: RequestScope = {},
): Promise<z.output<S>> {
	const answer = await convocoreApiRequest.call(ctx, request, scope);
	// Cannot fail: the transport refused every answer the contract does not accept.
	return request.response.parse(answer) as z.output<S>;
}

/** `{ success, data }` answers: the record in `data`, or the whole answer when there is none. */
export function recordOf(answer: { data?: unknown } & Record<string, unknown>): IDataObject {
	const { data } = answer;
	return (
		typeof data === 'object' && data !== null && !Array.isArray(data) ? data : answer
	) as IDataObject;
}
