/**
 * Whether a failed request was refused by Convocore, so that nothing of it was processed: an
 * HTTP 4xx answer other than 408. A 408 (Request Timeout) may come after the server began, or
 * finished, the work (a proxy's timeout, or the server's own), so it counts as "may have been
 * processed", like a 5xx or a lost connection. A 429 is refused before processing.
 */
export function isRefusal(error: unknown): boolean {
	const code = Number((error as { httpCode?: unknown } | undefined)?.httpCode);
	return code >= 400 && code < 500 && code !== 408;
}
