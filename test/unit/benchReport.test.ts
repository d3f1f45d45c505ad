/* eslint-disable no-console -- the bench's report prints as it goes; the test silences it */
// The bench's report (bench/lib.ts): the load average and cores are recorded around every
// benchmark, and a timing figure measured while the load exceeded the cores is NOISY and never
// counts as met, while memory figures and correctness checks are left as they are.
import { Report } from '../../bench/lib';

const fmt = (value: number) => value.toFixed(2);

function reportWith(loads: number[], cores = 2): Report {
	let at = 0;
	return new Report(cores, () => loads[Math.min(at++, loads.length - 1)]);
}

beforeEach(() => jest.spyOn(console, 'log').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('bench report: load on record', () => {
	it('records the load before and after each benchmark, and marks one NOISY when either exceeds the cores', () => {
		const report = reportWith([0.5, 1.5, 1.9, 2.4]);
		report.section('quiet', 'quiet');
		report.target('ratio', 1, { op: '<=', limit: 1.2 }, fmt);
		report.section('busy', 'busy');
		report.target('ratio', 1, { op: '<=', limit: 1.2 }, fmt);
		report.endSection();
		expect(report.loads).toEqual([
			{ bench: 'quiet', cores: 2, before: 0.5, after: 1.5, noisy: false },
			{ bench: 'busy', cores: 2, before: 1.9, after: 2.4, noisy: true },
		]);
		expect(report.results.map((result) => [result.bench, result.pass, result.noisy])).toEqual([
			['quiet', true, undefined],
			['busy', false, true],
		]);
		expect(report.failed.map((result) => result.bench)).toEqual(['busy']);
	});

	it('a noisy benchmark keeps its memory figures, information and correctness checks as measured', () => {
		const report = reportWith([3, 3]);
		report.section('leads', 'leads');
		report.target('heap', 1, { op: '<=', limit: 1.2 }, fmt, 'heap', 'other');
		report.expect('all stored once', true, 'ok');
		report.info('time', '1 s');
		report.target('time ratio', 1.5, { op: '<=', limit: 1.2 }, fmt);
		report.endSection();
		expect(
			report.results.map((result) => [result.measure, result.pass, result.noisy ?? false]),
		).toEqual([
			['heap', true, false],
			['all stored once', true, false],
			['time', undefined, true],
			['time ratio', false, true],
		]);
	});

	it('says so in the summary', () => {
		const report = reportWith([5, 5]);
		report.section('load', 'load');
		report.target('lazy vs floor', 1.1, { op: '<=', limit: 1.3 }, fmt);
		report.printSummary(1000);
		const printed = (console.log as jest.Mock).mock.calls.map((call) => String(call[0])).join('\n');
		expect(printed).toMatch(/lazy vs floor .*│ NOISY/);
		expect(printed).toMatch(/load {7}5\.00 → 5\.00 on 2 cores {2}NOISY/);
		expect(printed).toMatch(/1 of 1 targets\/checks not met \(1 of them NOISY/);
	});
});
