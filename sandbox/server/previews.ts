/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the local Convocore API for tests and demos: runs in Node, never ships (package.json "files" is dist/ only) */
import type { ServerResponse } from 'http';
import { findVoice, isProviderSlug, previewMp3 } from '../seed/voices';
import { sendJson } from './http';

/** GET/HEAD /previews/<provider>/<voiceId>.mp3: the voices' preview audio, outside the API bases. */
export function servePreview(method: string, pathname: string, res: ServerResponse): void {
	const match = /^\/previews\/([^/]+)\/([^/]+)\.mp3$/.exec(pathname);
	if (method !== 'GET' && method !== 'HEAD') {
		return sendJson(
			res,
			405,
			{ message: `${method} is not allowed on previews.`, code: 'METHOD_NOT_ALLOWED' },
			{ allow: 'GET, HEAD' },
		);
	}
	const provider = match ? decodeURIComponent(match[1]) : '';
	const voiceId = match ? decodeURIComponent(match[2]) : '';
	if (!match || !isProviderSlug(provider) || !findVoice(provider, voiceId)) {
		return sendJson(res, 404, { message: `No preview at ${pathname}.`, code: 'NOT_FOUND' });
	}
	const audio = previewMp3(provider, voiceId);
	res.writeHead(200, {
		'content-type': 'audio/mpeg',
		'content-length': audio.length,
		'cache-control': 'public, max-age=86400',
	});
	res.end(method === 'HEAD' ? undefined : audio);
}
