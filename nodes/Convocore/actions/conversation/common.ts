import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { convoIdSchema } from '../../../shared/contracts/conversation';
import type { ConvocoreCredentialData } from '../../../shared/regions';
import { CREDENTIAL_TYPE } from '../../transport/request';
import { readAgentId, readIdParameter } from '../../helpers/agentId';
import { validate } from '../../helpers/parameters';

const conversationRefSchema = lazy(() =>
	z.object({ agentId: agentIdSchema, convoId: convoIdSchema }),
);
export type ConversationRef = z.output<typeof conversationRefSchema>;

export function readConversationRef(ctx: IExecuteFunctions, itemIndex: number): ConversationRef {
	return validate(
		ctx,
		conversationRefSchema,
		{ agentId: readAgentId(ctx, itemIndex), convoId: readIdParameter(ctx, 'convoId', itemIndex) },
		itemIndex,
		'conversation',
	);
}

export function conversationPath({ agentId, convoId }: ConversationRef): string {
	return `/agents/${encodeURIComponent(agentId)}/convos/${encodeURIComponent(convoId)}`;
}

/**
 * The region of the credential (`eu` or `na`), which Get Details must name. A custom Base URL
 * names it by a path segment or host label (`/eu/v3`, `eu-gcp-api.…`).
 */
export async function credentialRegion(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<'eu' | 'na'> {
	const credentials = (await ctx.getCredentials(
		CREDENTIAL_TYPE,
		itemIndex,
	)) as unknown as ConvocoreCredentialData;
	if (credentials.region === 'eu' || credentials.region === 'na') return credentials.region;
	const found = /(?:^|[/.-])(eu|na)(?=[/.-])/i.exec(
		(credentials.baseUrl ?? '').replace(/^https?:\/\//i, '/'),
	);
	if (found) return found[1].toLowerCase() as 'eu' | 'na';
	throw new NodeOperationError(
		ctx.getNode(),
		'Get Details needs the region (eu or na), and the credential’s custom Base URL does not name one',
		{
			itemIndex,
			description:
				'Choose the EU or NA region in the Convocore credential, or use a Base URL that contains /eu/ or /na/.',
		},
	);
}
