import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { toolWithoutSecret } from '../../../shared/contracts/tool';
import { REDACTED } from '../../../shared/secrets';
import { dryRunOutput, isOneShapeDryRun, type DryRunRequest } from '../../helpers/dryRun';

/**
 * Dry Run's output of one request, the secret and a header field's fixed value shown as
 * [redacted]: the one shape from node version 6 on, `{ dryRun, request }` before.
 */
export function dryRunRequest(
	ctx: IExecuteFunctions,
	{ method, url, body }: { method: string; url: string; body?: { tool: Record<string, unknown> } },
	added: IDataObject = {},
): IDataObject {
	const request: DryRunRequest = { method, url };
	if (body) {
		const shown = toolWithoutSecret(body.tool);
		// A request has no such key: only an answer's output says whether a secret is set.
		delete shown.hasServerUrlSecret;
		const tool =
			body.tool.serverUrlSecret === undefined ? shown : { ...shown, serverUrlSecret: REDACTED };
		request.body = { tool };
	}
	return isOneShapeDryRun(ctx)
		? dryRunOutput([request], added)
		: ({ dryRun: true, request, ...added } as IDataObject);
}
