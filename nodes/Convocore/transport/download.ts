import type { IExecuteFunctions, IHttpRequestOptions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { headerValue } from '../../shared/apiErrors';
import { redactedNode } from '../../shared/secrets';
import { sendWithRetries, type RequestScope, type RetryScope } from './retries';

/**
 * Downloads a file that the API pointed at (a voice preview on a CDN). The credential is NOT
 * sent: the URL may be on another host than the API, so following its redirects is harmless.
 */
export async function downloadFile(
	this: IExecuteFunctions,
	url: string,
	scope: RequestScope = {},
): Promise<{ data: Buffer; contentType?: string }> {
	const options: IHttpRequestOptions = {
		method: 'GET',
		url,
		encoding: 'arraybuffer',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	const errorScope: RetryScope = {
		ctx: this,
		request: { method: 'GET', path: safeUrl(url) },
		scope,
		secrets: new Set(),
	};
	const response = await sendWithRetries(this, options, errorScope, (ctx, requestOptions) =>
		ctx.helpers.httpRequest(requestOptions),
	);
	if (response.statusCode < 200 || response.statusCode >= 300) {
		throw new NodeApiError(
			redactedNode(this.getNode()),
			{ message: `Download failed with HTTP ${response.statusCode}` } as JsonObject,
			{
				message: `Could not download ${safeUrl(url)} (HTTP ${response.statusCode})`,
				httpCode: String(response.statusCode),
				itemIndex: scope.itemIndex,
			},
		);
	}
	const contentType = headerValue(response.headers, 'content-type');
	return { data: Buffer.from(response.body as ArrayBuffer), contentType };
}

/** A URL without query string or credentials, safe to show. */
function safeUrl(url: string): string {
	try {
		const parsed = new URL(url);
		return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
	} catch {
		return 'the file';
	}
}
