/**
 * What the demo's example checks share (demo/catalog*.ts): reading a node's output of a run and
 * collecting problems.
 */
import type { IDataObject } from 'n8n-workflow';
import { outputOf } from '../test/harness/engine';
import type { ExampleOutcome } from './example';

/** A node's output items (none when it did not run, e.g. a branch not taken). */
export const output = (outcome: ExampleOutcome, node: string, index = 0) =>
	outputOf(outcome.run, node, index, { ifNotRun: 'empty' });

export const json = (outcome: ExampleOutcome, node: string, index = 0): IDataObject[] =>
	output(outcome, node, index).map((item) => item.json);

export function quote(text: unknown, max = 72): string {
	const value = String(text ?? '').replace(/\s+/g, ' ');
	return `"${value.length > max ? `${value.slice(0, max - 1)}…` : value}"`;
}

export function expect(problems: string[], condition: boolean, problem: string): void {
	if (!condition) problems.push(problem);
}
