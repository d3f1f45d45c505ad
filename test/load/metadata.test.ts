/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
/**
 * The lazy-loading metadata the build writes (dist/known/*.json, dist/types/*.json, by n8n-core's
 * n8n-generate-metadata) against the classes themselves, so what n8n shows before it requires a
 * node can never drift from what the node describes: every version of each node and both
 * credentials, equal to the class's own description plus exactly what n8n's loader adds to it.
 */
import { execFileSync } from 'child_process';
import { readFileSync, rmSync } from 'fs';
import { dirname, join, posix } from 'path';
import {
	NodeHelpers,
	type ICredentialType,
	type INodeType,
	type INodeTypeDescription,
	type IVersionedNodeType,
} from 'n8n-workflow';

// The Poll Times parameter n8n's loader puts first in a polling node's properties (not re-exported from the package root).
import { commonPollingParameters } from 'n8n-core/dist/nodes-loader/constants';
import { buildPackageFolder, REPOSITORY_ROOT } from '../harness/builtPackage';

interface PackageJson {
	name: string;
	version: string;
	n8n: { nodes: string[]; credentials: string[] };
}
const pkg = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as PackageJson;

/** dist/nodes/X/X.node.js -> the class X exported by its TypeScript source nodes/X/X.node.ts. */
function classOf<T>(entry: string): new () => T {
	const source = join(REPOSITORY_ROOT, entry.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- the source class, loaded by the entry's path as n8n does
	return (require(source) as Record<string, new () => T>)[entry.split('/').pop()!.split('.')[0]];
}

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** n8n serves a `file:` icon at icons/<package>/<its path in the package>. */
function iconUrlOf(icon: unknown, entry: string): unknown {
	const url = (file: string) =>
		`icons/${pkg.name}/${posix.join(dirname(entry), file.replace(/^file:/, ''))}`;
	const { light, dark } = icon as { light: string; dark: string };
	return typeof icon === 'string' ? url(icon) : { light: url(light), dark: url(dark) };
}

/** The codex n8n takes from the node's X.node.json: these keys only. */
function codexOf(entry: string) {
	const codex = JSON.parse(
		readFileSync(
			join(REPOSITORY_ROOT, entry.replace(/^dist\//, '').replace(/\.js$/, '.json')),
			'utf8',
		),
	);
	const { categories, subcategories, alias, resources } = codex;
	return plain({
		categories,
		subcategories,
		alias,
		resources: {
			primaryDocumentation: resources.primaryDocumentation,
			credentialDocumentation: resources.credentialDocumentation,
		},
	});
}

/** Every version a node class declares, with the description n8n uses for it. */
function versionsOf(
	instance: INodeType | IVersionedNodeType,
): Array<[number, INodeTypeDescription]> {
	const declared =
		'nodeVersions' in instance
			? Object.keys(instance.nodeVersions).map(Number)
			: [instance.description.version].flat();
	return declared.map((version) => [
		version,
		NodeHelpers.getVersionedNodeType(instance, version).description,
	]);
}

const nodeEntries = pkg.n8n.nodes.map((entry) => ({
	entry,
	instance: new (classOf<INodeType | IVersionedNodeType>(entry))(),
}));
const credentialEntries = pkg.n8n.credentials.map((entry) => ({
	entry,
	instance: new (classOf<ICredentialType>(entry))(),
}));
/** The nodes holding a credential: n8n's `supportedNodes` of it. */
const nodesUsing = (credential: string) =>
	nodeEntries
		.filter(({ instance }) =>
			versionsOf(instance).some(([, description]) =>
				description.credentials?.some(({ name }) => name === credential),
			),
		)
		.map(({ instance }) => instance.description.name);

let folder: string;
const generated = (file: string) => JSON.parse(readFileSync(join(folder, 'dist', file), 'utf8'));

beforeAll(() => {
	folder = buildPackageFolder('metadata-test');
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('dist/types/nodes.json', () => {
	const versions = nodeEntries.flatMap(({ entry, instance }) =>
		versionsOf(instance).map(([version, description]) => ({
			name: instance.description.name,
			version,
			entry,
			description,
		})),
	);

	it.each(versions)(
		'$name version $version: the class description, with the codex, icon URL and package version n8n adds',
		({ name, version, entry, description }) => {
			const types = generated('types/nodes.json') as INodeTypeDescription[];
			const covering = types.filter(
				(type) => type.name === name && [type.version].flat().includes(version),
			);
			expect(covering).toHaveLength(1);
			const { icon, ...rest } = plain(description);
			if (description.polling)
				rest.properties = [...plain(commonPollingParameters), ...rest.properties];
			expect(covering[0]).toEqual({
				...rest,
				iconUrl: iconUrlOf(icon, entry),
				codex: codexOf(entry),
				communityNodePackageVersion: pkg.version,
			});
		},
	);

	it('describes no other node and no other version', () => {
		const types = generated('types/nodes.json') as INodeTypeDescription[];
		const described = types
			.flatMap((type) => [type.version].flat().map((version) => `${type.name}@${version}`))
			.sort();
		expect(described).toEqual(versions.map(({ name, version }) => `${name}@${version}`).sort());
	});
});

describe('dist/types/credentials.json', () => {
	it.each(
		credentialEntries.map(({ entry, instance }) => ({ name: instance.name, entry, instance })),
	)(
		'$name: the credential class, with the icon URL and supported nodes n8n adds',
		({ name, entry, instance }) => {
			const { icon, authenticate, ...rest } = plain(instance);
			const expected = {
				...rest,
				// n8n writes a credential whose authenticate is a function as an empty object.
				...(instance.authenticate
					? { authenticate: typeof instance.authenticate === 'function' ? {} : authenticate }
					: {}),
				iconUrl: iconUrlOf(icon, entry),
				supportedNodes: nodesUsing(name),
			};
			const types = generated('types/credentials.json') as ICredentialType[];
			expect(types.filter((type) => type.name === name)).toEqual([expected]);
		},
	);

	it('holds both credentials and nothing else', () => {
		expect(
			(generated('types/credentials.json') as ICredentialType[]).map(({ name }) => name).sort(),
		).toEqual(credentialEntries.map(({ instance }) => instance.name).sort());
	});
});

describe('dist/known/*.json', () => {
	it('names each node class and its file', () => {
		expect(generated('known/nodes.json')).toEqual(
			Object.fromEntries(
				nodeEntries.map(({ entry, instance }) => [
					instance.description.name,
					{ className: instance.constructor.name, sourcePath: entry },
				]),
			),
		);
	});

	it('names each credential class, its file and the nodes that use it', () => {
		expect(generated('known/credentials.json')).toEqual(
			Object.fromEntries(
				credentialEntries.map(({ entry, instance }) => [
					instance.name,
					{
						className: instance.constructor.name,
						sourcePath: entry,
						supportedNodes: nodesUsing(instance.name),
					},
				]),
			),
		);
	});
});

describe('the metadata n8n reads at every start', () => {
	it.each([
		'known/nodes.json',
		'known/credentials.json',
		'types/nodes.json',
		'types/credentials.json',
	])(
		'%s is ASCII only (one other character makes Node decode the whole file as two-byte text)',
		(file) => {
			const text = readFileSync(join(folder, 'dist', file), 'utf8');
			expect(text.match(/[\u0080-\uffff]/g) ?? []).toEqual([]);
		},
	);
});

describe('the metadata comes from the build only', () => {
	it('no file under dist/ is committed', () => {
		expect(
			execFileSync('git', ['ls-files', 'dist'], { cwd: REPOSITORY_ROOT, encoding: 'utf8' }),
		).toBe('');
	});
});
