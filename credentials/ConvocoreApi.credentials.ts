import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { REGION_BASE_URLS } from '../nodes/shared/regions';

/**
 * The base URL as an n8n expression, for the credential test. The nodes compute the same value
 * with resolveBaseUrl(); both read the hosts from REGION_BASE_URLS.
 */
const BASE_URL_EXPRESSION =
	"={{ $credentials.region === 'custom' ? String($credentials.baseUrl || '').trim().replace(/\\/+$/, '') : " +
	`($credentials.region === 'na' ? '${REGION_BASE_URLS.na}' : '${REGION_BASE_URLS.eu}') }}`;

export class ConvocoreApi implements ICredentialType {
	name = 'convocoreApi';

	displayName = 'Convocore API';

	icon: Icon = { light: 'file:../icons/convocore.svg', dark: 'file:../icons/convocore.dark.svg' };

	documentationUrl = 'https://github.com/convocore-community/n8n-nodes-convocore#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Region',
			name: 'region',
			type: 'options',
			options: [
				{ name: 'EU', value: 'eu', description: REGION_BASE_URLS.eu },
				{ name: 'North America', value: 'na', description: REGION_BASE_URLS.na },
				{
					name: 'Custom',
					value: 'custom',
					description: 'Another base URL, such as the local Convocore sandbox',
				},
			],
			default: 'eu',
			description:
				'The region your Convocore workspace lives in. A key from one region is refused by the other.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'http://127.0.0.1:4010/eu/v3',
			description: 'Full base URL of the V3 API, ending in /v3',
			displayOptions: { show: { region: ['custom'] } },
		},
		{
			displayName: 'Secret Key',
			name: 'secretKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'A workspace secret (workspace switcher in the Convocore dashboard) or an agent secret (agent Settings page). The trigger needs the workspace secret.',
		},
	];

	/**
	 * The same header the generic form `'=Bearer {{$credentials.secretKey}}'` would set, written as a
	 * function: n8n resolves a generic form through its expression engine on every request (about
	 * 0.2 ms of CPU each, a sixth of a direct SMS's whole cost in n8n), a function is a string join.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const secretKey = credentials.secretKey;
		return {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				Authorization: `Bearer ${typeof secretKey === 'string' ? secretKey : ''}`,
			},
		};
	}

	// Read-only and free: listing voice providers consumes no credits.
	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: '/voices/providers',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The secret key was refused. Check the key, and that Region matches the region your workspace lives in.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					// n8n judges a declarative test by status alone, so both causes of a 403 are named.
					message:
						"Refused (HTTP 403). If Convocore refused it, the key is valid but your plan has no API access: reading needs the Business plan or higher, writing the White Label plan or higher. If the answer was a web page rather than Convocore's error (a firewall, proxy or CDN in between, e.g. a bot challenge), fix network access between n8n and Convocore; the key may be fine.",
				},
			},
		],
	};
}
