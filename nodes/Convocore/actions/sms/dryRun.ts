import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { redactSecrets } from '../../../shared/contracts/agent';
import { type SmsRequest, type SmsResponse } from '../../../shared/contracts/sms';
import { secretsIn } from '../../../shared/secrets';
import { getBaseUrl } from '../../transport/request';
import { dryRunOutput, isOneShapeDryRun } from '../../helpers/dryRun';

/**
 * SMS > Send's output. Its Dry Run is Convocore's own: the request goes with `options.dryRun` and
 * Convocore answers with its send plan (sender, mode, segments), sending nothing. From node version
 * 6 on, that plan comes in Dry Run's one shape, after the request that was sent (the tokens of
 * Agent Options shown as [redacted]); before, the plan as Convocore answers it.
 */
export async function smsOutput(
	ctx: IExecuteFunctions,
	request: SmsRequest,
	answer: SmsResponse,
	itemIndex: number | undefined,
): Promise<IDataObject> {
	if (request.options?.dryRun !== true || !isOneShapeDryRun(ctx)) return answer as IDataObject;
	const url = `${await getBaseUrl.call(ctx, itemIndex)}/sms`;
	const body = redactSecrets(request, secretsIn(request));
	return dryRunOutput([{ method: 'POST', url, body }], answer as IDataObject);
}
