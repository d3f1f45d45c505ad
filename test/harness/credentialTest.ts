/**
 * What "Test" in n8n's credential dialog does with a credential type's `test` block: resolve the
 * request's expressions against the credential, authenticate it, send it, and judge the answer by
 * the `rules` (n8n's CredentialsTester, which lives in the n8n CLI package, not in n8n-core).
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	IHttpRequestOptions,
} from 'n8n-workflow';
import { ConvocoreApi } from '../../credentials/ConvocoreApi.credentials';
import { CONVOCORE_NODE_TYPE, TestCredentialsHelper, node } from './engine';
import { nodeTypes } from './convocore';
import { Workflow } from 'n8n-workflow';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
	/** What was sent, for assertions. */
	url: string;
	authorization?: string;
}

export async function testCredential(
	data: ICredentialDataDecryptedObject,
): Promise<CredentialTestResult> {
	const type = new ConvocoreApi();
	const test = type.test as ICredentialTestRequest;
	const probe = node('Credential test', CONVOCORE_NODE_TYPE, {});
	const workflow = new Workflow({ nodes: [probe], connections: {}, active: false, nodeTypes });
	const resolve = (value: string | undefined) =>
		workflow.expression.getSimpleParameterValue(
			probe,
			value ?? '',
			'internal',
			{ $credentials: data },
			undefined,
			value ?? '',
		) as string;

	const request: IHttpRequestOptions = {
		...(test.request as IHttpRequestOptions),
		baseURL: resolve(test.request.baseURL),
		url: resolve(test.request.url),
		headers: {},
	};
	const authenticated = await new TestCredentialsHelper({ convocoreApi: data }).authenticate(
		data,
		type.name,
		request,
		workflow,
		probe,
	);
	const url = `${authenticated.baseURL}${authenticated.url}`;
	const headers = authenticated.headers as Record<string, string>;
	let response: Response;
	try {
		response = await fetch(url, { method: authenticated.method ?? 'GET', headers });
	} catch (error) {
		return { status: 'Error', message: `Could not connect: ${(error as Error).message}`, url };
	}
	for (const rule of test.rules ?? []) {
		if (rule.type === 'responseCode' && response.status === rule.properties.value) {
			return {
				status: 'Error',
				message: rule.properties.message,
				url,
				authorization: headers.Authorization,
			};
		}
	}
	if (!response.ok) {
		return {
			status: 'Error',
			message: `Authorization failed - please check your credentials (HTTP ${response.status})`,
			url,
			authorization: headers.Authorization,
		};
	}
	return {
		status: 'OK',
		message: 'Connection successful!',
		url,
		authorization: headers.Authorization,
	};
}
