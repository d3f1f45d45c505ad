import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { convoIdSchema } from '../../../shared/contracts/conversation';
import type { ConvocoreCredentialData } from '../../../shared/regions';
import { CREDENTIAL_TYPE } from '../../transport/request';
import { agentRef, type AgentRef } from '../../helpers/agentRef';

const conversationRef = agentRef('convoId', convoIdSchema, 'conversation');
export type ConversationRef = AgentRef<'convoId'>;
export const readConversationRef = conversationRef.read;

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
