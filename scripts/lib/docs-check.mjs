// The documentation checks behind scripts/check-docs.mjs: no sentence of the README as it stood
// before the reference moved to docs/ is lost, and every relative link points at a file and
// heading that exist. Plain functions over file contents, so the CLI and its tests share them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const FENCE = /^\s*```/;

/** A sentence as moved text keeps it: link targets dropped (a moved link points elsewhere), emphasis kept. */
function plain(text) {
	return text
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/\s+/g, ' ')
		.trim();
}

/**
 * The units a document is made of: each sentence of prose, each sentence of a table cell, each
 * heading and each line of code. Heading levels, list markers and link targets are left out, so a
 * section moved one level down or a link pointed at its new page still counts as the same text.
 */
export function sentencesOf(markdown) {
	const blocks = [];
	let paragraph = [];
	let inFence = false;
	const flush = () => {
		if (paragraph.length) blocks.push(paragraph.join(' '));
		paragraph = [];
	};
	for (const line of markdown.split('\n')) {
		if (FENCE.test(line)) {
			flush();
			inFence = !inFence;
			continue;
		}
		if (inFence) {
			if (line.trim()) blocks.push({ code: line.trim() });
			continue;
		}
		if (!line.trim()) {
			flush();
		} else if (/^#{1,6} /.test(line)) {
			flush();
			blocks.push(line.replace(/^#+ /, ''));
		} else if (/^\s*\|/.test(line)) {
			flush();
			// A table row: each cell on its own (the separator row has none worth keeping).
			const cells = line
				.trim()
				.replace(/^\||\|$/g, '')
				.split(/(?<!\\)\|/);
			for (const cell of cells) if (!/^\s*:?-+:?\s*$/.test(cell) && cell.trim()) blocks.push(cell);
		} else if (/^\s*(?:[-*]|\d+\.) /.test(line)) {
			flush();
			paragraph.push(line.replace(/^\s*(?:[-*]|\d+\.) /, ''));
		} else {
			paragraph.push(line.trim());
		}
	}
	flush();
	const units = [];
	for (const block of blocks) {
		if (typeof block === 'object') {
			units.push(block.code);
			continue;
		}
		for (const sentence of plain(block).split(/(?<=[.!?])\s+(?=\S)/))
			if (sentence) units.push(sentence);
	}
	return units;
}

function occurrences(haystack, needle) {
	let count = 0;
	for (
		let at = haystack.indexOf(needle);
		at !== -1;
		at = haystack.indexOf(needle, at + needle.length)
	)
		count++;
	return count;
}

/**
 * The sentences of `before` that the new documents hold fewer times than `before` did (a sentence
 * said twice before, e.g. "Nothing was sent.", must still be said twice).
 */
export function missingSentences(before, documents) {
	const oldText = before.join('\n');
	const newText = documents.flatMap(sentencesOf).join('\n');
	const missing = [];
	for (const sentence of new Set(before)) {
		const had = occurrences(oldText, sentence);
		const has = occurrences(newText, sentence);
		if (has < had) missing.push({ sentence, had, has });
	}
	return missing;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(markdown) {
	const anchors = new Set();
	const seen = new Map();
	let inFence = false;
	for (const line of markdown.split('\n')) {
		if (FENCE.test(line)) inFence = !inFence;
		const heading = !inFence && /^#{1,6} (.*)$/.exec(line);
		if (!heading) continue;
		const base = plain(heading[1])
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/ /g, '-');
		const repeat = seen.get(base) ?? 0;
		seen.set(base, repeat + 1);
		anchors.add(repeat ? `${base}-${repeat}` : base);
	}
	return anchors;
}

/** Relative links outside code, as [text](target). */
function linksOf(markdown) {
	const links = [];
	let inFence = false;
	for (const line of markdown.split('\n')) {
		if (FENCE.test(line)) {
			inFence = !inFence;
			continue;
		}
		if (inFence) continue;
		const outsideCode = line.replace(/`[^`]*`/g, '');
		for (const match of outsideCode.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
			if (!/^[a-z][a-z0-9+.-]*:/i.test(match[1])) links.push(match[1]);
		}
	}
	return links;
}

/** Every relative link of the given files that points at no file, or at a heading its file lacks. */
export function brokenLinks(root, files) {
	const broken = [];
	let checked = 0;
	for (const file of files) {
		const source = join(root, file);
		for (const link of linksOf(readFileSync(source, 'utf8'))) {
			checked++;
			const [path, anchor] = link.split('#');
			const target = path ? resolve(dirname(source), decodeURIComponent(path)) : source;
			if (!existsSync(target)) {
				broken.push(`${file}: ${link}: no file ${relative(root, target)}`);
				continue;
			}
			if (anchor === undefined) continue;
			if (statSync(target).isDirectory() || !target.endsWith('.md')) {
				broken.push(`${file}: ${link}: an anchor into something that is not a Markdown file`);
			} else if (!anchorsOf(readFileSync(target, 'utf8')).has(anchor)) {
				broken.push(`${file}: ${link}: ${relative(root, target)} has no heading #${anchor}`);
			}
		}
	}
	return { checked, broken };
}

/** README.md and every Markdown page under docs/, as paths relative to the root. */
export function documentationFiles(root) {
	const docs = existsSync(join(root, 'docs'))
		? readdirSync(join(root, 'docs'))
				.filter((name) => name.endsWith('.md'))
				.sort()
				.map((name) => `docs/${name}`)
		: [];
	return ['README.md', ...docs];
}

/**
 * The nodes' and credentials' documentation links (codex files, documentationUrl) point at README
 * headings on the repository's page: each heading must still be in the README.
 */
export function brokenDocumentationUrls(root, repositoryUrl) {
	const anchors = anchorsOf(readFileSync(join(root, 'README.md'), 'utf8'));
	const pattern = new RegExp(
		`${repositoryUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}#([\\w-]+)`,
		'g',
	);
	const broken = [];
	let checked = 0;
	const visit = (folder) => {
		if (!existsSync(join(root, folder))) return;
		for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
			const path = `${folder}/${entry.name}`;
			if (entry.isDirectory()) visit(path);
			else if (/\.(ts|json)$/.test(entry.name)) {
				for (const match of readFileSync(join(root, path), 'utf8').matchAll(pattern)) {
					checked++;
					if (!anchors.has(match[1]))
						broken.push(`${path}: ${match[0]}: README.md has no heading #${match[1]}`);
				}
			}
		}
	};
	visit('nodes');
	visit('credentials');
	return { checked, broken };
}
