import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	INodeProperties,
} from 'n8n-workflow';
import { TELCO_API_BASE_URL } from '../nodes/shared/telco';

/**
 * The telephony provider account whose number Phone Number > Import brings into Convocore. Kept
 * in a credential so that its auth token is stored encrypted, never in the workflow, its exports
 * or the copy of the node that errors carry.
 */
export class ConvocoreTelephonyApi implements ICredentialType {
	name = 'convocoreTelephonyApi';

	// Issue 9 asks for "Convocore Telephony Account"; n8n's scanner (which ignores eslint-disable
	// comments) requires credential display names to end in "API".
	displayName = 'Convocore Telephony Account API';

	icon: Icon = { light: 'file:../icons/convocore.svg', dark: 'file:../icons/convocore.dark.svg' };

	documentationUrl = 'https://github.com/convocore-community/n8n-nodes-convocore#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Account SID',
			name: 'accountSid',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'AC0123456789abcdef0123456789abcdef',
			description: 'The SID of the telephony account that owns the numbers to import',
		},
		{
			displayName: 'Auth Token',
			name: 'authToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The auth token of that account. Convocore stores it encrypted when a number is imported.',
		},
	];

	// Used by the credential test only: the node sends SID and token to Convocore in the import body.
	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			auth: {
				username: '={{$credentials.accountSid}}',
				password: '={{$credentials.authToken}}',
			},
		},
	};

	// The provider's own account endpoint, as n8n's credential for the same provider tests it: read-only and free.
	test: ICredentialTestRequest = {
		request: {
			baseURL: `=${TELCO_API_BASE_URL}/Accounts/{{$credentials.accountSid}}`,
			url: '.json',
			method: 'GET',
		},
	};
}
