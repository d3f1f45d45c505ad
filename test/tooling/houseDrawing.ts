// The drawing of the imports (issue 31): the action node's code grouped into the parts of the
// house (each resource folder, the router, descriptions/, helpers/, transport/, nodes/shared/...),
// each part on a level: a part's level is one above the highest part it imports, so parts that
// import nothing of the node sit on level 0. The resource folders must end side by side on one
// level, above descriptions/ and helpers/. docs/contributing.md shows the drawing, and
// house.test.ts keeps it equal to what this module draws from the tree.
import { importGraph, type Tree } from './houseRules';

const CONVOCORE = 'nodes/Convocore/';

/** The part of the house a shipped file belongs to; undefined for tests, sandbox and the rest. */
export function partOf(path: string): string | undefined {
	if (path.startsWith(`${CONVOCORE}actions/`)) {
		const rest = path.slice(`${CONVOCORE}actions/`.length).split('/');
		// router, index and types each stand alone: types.ts is below everything, index.ts above.
		return rest.length > 1 ? `actions/${rest[0]}/` : `actions/${rest[0]}`;
	}
	if (path.startsWith(CONVOCORE)) {
		const rest = path.slice(CONVOCORE.length).split('/');
		return rest.length > 1 ? `${rest[0]}/` : rest[0];
	}
	// One part: the contracts and the modules beside them (secrets, errors) use each other.
	if (path.startsWith('nodes/shared/')) return 'shared/';
	if (path.startsWith('nodes/')) return `${path.split('/')[1]}/`;
	if (path.startsWith('credentials/')) return 'credentials/';
	return undefined;
}

/** Each part's imports of other parts. */
function partGraph(tree: Tree): Map<string, Set<string>> {
	const parts = new Map<string, Set<string>>();
	for (const [file, targets] of importGraph(tree)) {
		const from = partOf(file);
		if (from === undefined) continue;
		if (!parts.has(from)) parts.set(from, new Set());
		for (const target of targets) {
			const to = partOf(target);
			if (to !== undefined && to !== from) parts.get(from)!.add(to);
		}
	}
	return parts;
}

/** Each part's level; throws on a cycle between parts (naming it), which has no level. */
export function partLevels(tree: Tree): Map<string, number> {
	const graph = partGraph(tree);
	const levels = new Map<string, number>();
	const visiting: string[] = [];
	const levelOf = (part: string): number => {
		const known = levels.get(part);
		if (known !== undefined) return known;
		if (visiting.includes(part))
			throw new Error(`parts import each other: ${[...visiting, part].join(' -> ')}`);
		visiting.push(part);
		const below = [...(graph.get(part) ?? [])].map(levelOf);
		visiting.pop();
		const level = below.length === 0 ? 0 : Math.max(...below) + 1;
		levels.set(part, level);
		return level;
	};
	for (const part of graph.keys()) levelOf(part);
	return levels;
}

/** The drawing: one line per level, highest first, its parts sorted. */
export function drawing(tree: Tree): string {
	const byLevel = new Map<number, string[]>();
	for (const [part, level] of partLevels(tree)) {
		byLevel.set(level, [...(byLevel.get(level) ?? []), part]);
	}
	return [...byLevel.keys()]
		.sort((a, b) => b - a)
		.map((level) => `${level}: ${byLevel.get(level)!.sort().join(' ')}`)
		.join('\n');
}
