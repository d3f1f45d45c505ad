import { ApiError } from './errors';
import type { Route } from '../routes/types';

/** The sandbox's API routes, matched by path segments (`:name` segments are parameters). */

interface CompiledRoute {
	route: Route;
	segments: string[];
}

export type RouteMatch = { route: Route; params: Record<string, string> };

function splitPath(path: string): string[] {
	return path.split('/').filter(Boolean);
}

export class RouteTable {
	private readonly routes: CompiledRoute[];

	constructor(routes: Route[]) {
		this.routes = routes.map((route) => ({ route, segments: splitPath(route.pattern) }));
	}

	/** 404 for an unknown path, 405 (with Allow) for a known path with the wrong method. */
	find(method: string, path: string): RouteMatch {
		const segments = splitPath(path);
		const allowed = new Set<string>();
		for (const compiled of this.routes) {
			const params = matchSegments(compiled.segments, segments);
			if (!params) continue;
			if (compiled.route.method === method) return { route: compiled.route, params };
			allowed.add(compiled.route.method);
		}
		if (allowed.size) {
			throw new ApiError(
				405,
				'METHOD_NOT_ALLOWED',
				`${method} is not allowed on ${path}. Allowed: ${[...allowed].join(', ')}.`,
				undefined,
				{
					allow: [...allowed].join(', '),
				},
			);
		}
		const hint = path.startsWith('/voices/')
			? ' Voice ids that contain "/" must be URL-encoded.'
			: '';
		throw new ApiError(404, 'NOT_FOUND', `No V3 endpoint ${method} ${path}.${hint}`);
	}
}

/** Params of `pattern` in `segments`, decoded; undefined when they do not match. */
function matchSegments(pattern: string[], segments: string[]): Record<string, string> | undefined {
	if (pattern.length !== segments.length) return undefined;
	const params: Record<string, string> = {};
	for (let i = 0; i < pattern.length; i++) {
		if (pattern[i].startsWith(':')) {
			try {
				params[pattern[i].slice(1)] = decodeURIComponent(segments[i]);
			} catch {
				return undefined;
			}
		} else if (pattern[i] !== segments[i]) {
			return undefined;
		}
	}
	return params;
}
